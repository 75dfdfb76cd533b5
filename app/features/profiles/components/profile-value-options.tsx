import { useIntl } from 'react-intl'

/** The options of a profile detail select: "Rather not say" and the translated values. */
export function ProfileValueOptions({ field, values }: { field: string; values: readonly string[] }) {
  const intl = useIntl()
  return (
    <>
      <option value="">{intl.formatMessage({ id: 'profile.notSaying' })}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {intl.formatMessage({ id: `profileValue.${field}.${v}` })}
        </option>
      ))}
    </>
  )
}
