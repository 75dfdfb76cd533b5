import { useIntl } from 'react-intl'

/** Form-level errors (catalog ids) as one alert, or nothing when there are none. */
export function FormErrors({
  errors,
  values,
  id,
  className = '',
}: {
  errors?: string[] | null
  values?: Record<string, string | number>
  id?: string
  className?: string
}) {
  const intl = useIntl()
  if (!errors?.length) return null
  return (
    <div className={`alert alert-danger ${className}`} role="alert" id={id}>
      {errors.map((e) => intl.formatMessage({ id: e }, values)).join(' ')}
    </div>
  )
}
