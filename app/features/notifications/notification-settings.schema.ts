import { emailTypes, type NotificationSettings } from './preferences'

/** The settings form: checked boxes arrive, unchecked ones do not; unknown types are dropped. */
export function parseNotificationSettings(form: FormData): NotificationSettings {
  const wanted = new Set(form.getAll('email').map(String))
  return {
    emailTypes: emailTypes.filter((t) => wanted.has(t)),
    pushEnabled: form.get('push_enabled') === 'on',
    pushDiscreet: form.get('push_discreet') === 'on',
  }
}
