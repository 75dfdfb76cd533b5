import { field, fieldValues, type FormFields } from '#app/lib/form-fields'
import { emailTypes, type NotificationSettings } from './preferences'

/** The settings form: checked boxes arrive, unchecked ones do not; unknown types are dropped. */
export function parseNotificationSettings(form: FormFields): NotificationSettings {
  const wanted = new Set(fieldValues(form, 'email'))
  return {
    emailTypes: emailTypes.filter((t) => wanted.has(t)),
    pushEnabled: field(form, 'push_enabled') === 'on',
    pushDiscreet: field(form, 'push_discreet') === 'on',
  }
}
