import { FormattedMessage } from 'react-intl'

export function Footer({ siteName }: { siteName: string }) {
  return (
    <footer className="border-top mt-5 py-4 text-body-secondary small">
      <div className="container d-flex flex-wrap justify-content-between gap-2">
        <span>
          <FormattedMessage id="footer.rights" values={{ year: new Date().getFullYear(), name: siteName }} />
        </span>
        <span>
          <FormattedMessage id="footer.adultsOnly" />
        </span>
      </div>
    </footer>
  )
}
