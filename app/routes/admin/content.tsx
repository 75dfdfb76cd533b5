import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { contentMatrix } from '#app/features/console/site-admin/content-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { localeNames } from '#app/i18n/locales'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/content'
import { DataTable, type Column } from '#app/ui/data-table'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'content.edit')
  return contentMatrix()
}

/** Content pages × locales: which exist (a link to edit) and which are missing (a link to write them). */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const { tokens, locales, updated } = loaderData
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          <FormattedMessage id="admin.content.title" />
        </h1>
        <Link to="/admin/company" className="btn btn-outline-dark btn-sm">
          <Icon name="building" className="me-1" />
          <FormattedMessage id="admin.company.title" />
        </Link>
      </div>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.content.intro" />
      </p>
      <DataTable
        testId="content-matrix"
        caption={<FormattedMessage id="admin.content.matrix" />}
        columns={[
          { id: 'page', header: <FormattedMessage id="admin.content.page" />, cell: (t) => <code>{t}</code>, rowHeader: true },
          ...locales.map((l): Column<string> => ({
            id: l,
            header: <abbr title={localeNames[l]}>{l}</abbr>,
            align: 'center',
            cell: (t) => {
              const exists = !!updated[`${t}/${l}`]
              return (
                <Link
                  to={`/admin/content/${t}/${l}`}
                  className={exists ? 'link-success' : 'link-secondary'}
                  aria-label={intl.formatMessage({ id: exists ? 'admin.content.editIn' : 'admin.content.writeIn' }, { page: t, language: localeNames[l] })}
                >
                  <Icon name={exists ? 'pencil-square' : 'plus-circle'} />
                </Link>
              )
            },
          })),
        ]}
        rows={tokens}
        rowKey={(t) => t}
      />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.content.title')]
