import { ActionReply } from './action-form'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { formatMoney } from '#app/features/billing/pricing'
import { isTestPayment, TestPaymentBadge } from '#app/features/billing/components/test-payment'
import { DataTable, type Column } from '#app/ui/data-table'
import type { MemberDetail } from '../member-detail.server'
import { DeviceLabel } from '#app/ui/device-label'

/** A titled card of the member page. */
export function Panel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  )
}

const Empty = ({ id }: { id: string }) => (
  <p className="text-body-secondary small mb-0">
    <FormattedMessage id={id} />
  </p>
)
const When = ({ value }: { value: string | null }) => (value ? <FormattedDate value={value} dateStyle="medium" timeStyle="short" /> : <>–</>)

function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <dl className="row mb-0 small">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="col-sm-6 col-xl-4 d-flex gap-2 py-1">
          <dt className="fw-semibold text-body-secondary">
            <FormattedMessage id={label} />
          </dt>
          <dd className="mb-0" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export function AccountPanel({ d }: { d: MemberDetail }) {
  const a = d.account
  const yesNo = (b: boolean) => <FormattedMessage id={b ? 'admin.yes' : 'admin.no'} />
  return (
    <Panel id="member-account" title={<FormattedMessage id="admin.member.account" />}>
      <Facts
        rows={[
          ['admin.member.accountStatus', <FormattedMessage key="s" id={`admin.member.status.${a.status}`} />, 'account-status'],
          ['admin.member.profileStatus', a.profileStatus ? <FormattedMessage key="p" id={`admin.member.profile.${a.profileStatus}`} /> : '–'],
          ['admin.member.premium', yesNo(a.paidUser), 'member-premium'],
          ['admin.member.credits', a.credits, 'member-credits'],
          ['admin.member.signup', <When key="w" value={a.signupDate} />],
          ['admin.member.language', a.language],
          ['admin.member.country', a.country ?? '–'],
          [
            'admin.member.activated',
            a.confirmedAt ? <When key="c" value={a.confirmedAt} /> : <FormattedMessage key="n" id="admin.member.notActivated" />,
            'activation-state',
          ],
          ['admin.member.lastSeen', <When key="l" value={a.lastSeenAt} />],
          [
            'admin.member.lockout',
            d.lockout.blockedUntil ? (
              <FormattedMessage key="b" id="admin.member.lockedUntil" values={{ until: <When value={d.lockout.blockedUntil} /> }} />
            ) : (
              <FormattedMessage key="f" id="admin.member.failures" values={{ n: d.lockout.failures }} />
            ),
            'lockout-state',
          ],
          ...(a.deletionRequestedAt ? ([['admin.member.deletionRequested', <When key="d" value={a.deletionRequestedAt} />]] as [string, ReactNode][]) : []),
        ]}
      />
    </Panel>
  )
}

const emptyProps = { className: 'text-body-secondary small mb-0' }

const sessionColumns: Column<MemberDetail['sessions'][number]>[] = [
  { id: 'started', header: <FormattedMessage id="admin.member.sessionStarted" />, cell: (s) => <When value={s.createdAt} /> },
  { id: 'used', header: <FormattedMessage id="admin.member.sessionUsed" />, cell: (s) => <When value={s.lastUsedAt} /> },
  {
    id: 'device',
    header: <FormattedMessage id="admin.member.sessionDevice" />,
    cell: (s) => <DeviceLabel browser={s.device.browser} os={s.device.os} />,
    className: 'text-break',
  },
]

export function SessionsPanel({ d }: { d: MemberDetail }) {
  return (
    <Panel id="member-sessions" title={<FormattedMessage id="admin.member.sessions" values={{ n: d.sessions.length }} />}>
      <DataTable
        className="table table-sm small mb-0"
        labelledBy="member-sessions-title"
        columns={sessionColumns}
        rows={d.sessions}
        rowKey={(s) => s.id}
        empty={<FormattedMessage id="admin.member.noSessions" />}
        emptyProps={emptyProps}
      />
    </Panel>
  )
}

// Newest first (member-detail.server.ts); each row says its reason for the tests and styles (data-reason).
const ledgerColumns: Column<MemberDetail['ledger'][number]>[] = [
  { id: 'when', header: <FormattedMessage id="admin.member.when" />, cell: (l) => <When value={l.createdAt} />, className: 'text-nowrap' },
  { id: 'reason', header: <FormattedMessage id="admin.member.ledgerReason" />, cell: (l) => <FormattedMessage id={`admin.member.ledger.${l.reason}`} /> },
  {
    id: 'delta',
    header: <FormattedMessage id="admin.member.delta" />,
    align: 'end',
    cell: (l) => <span className={l.delta < 0 ? 'text-danger' : 'text-success'}>{l.delta > 0 ? `+${l.delta}` : l.delta}</span>,
  },
  { id: 'balance', header: <FormattedMessage id="admin.member.balance" />, align: 'end', cell: (l) => l.balanceAfter },
  { id: 'reference', header: <FormattedMessage id="admin.member.reference" />, cell: (l) => <code>{l.reference ?? ''}</code> },
]

export function LedgerPanel({ d }: { d: MemberDetail }) {
  return (
    <Panel id="member-ledger" title={<FormattedMessage id="admin.member.ledger" />}>
      <DataTable
        testId="ledger-table"
        className="table table-sm small mb-0"
        labelledBy="member-ledger-title"
        columns={ledgerColumns}
        rows={d.ledger}
        rowKey={(l) => l.id}
        rowProps={(l) => ({ 'data-reason': l.reason })}
        empty={<FormattedMessage id="admin.member.noLedger" />}
        emptyProps={emptyProps}
      />
    </Panel>
  )
}

export function PaymentsPanel({ d, refundForm }: { d: MemberDetail; refundForm?: (p: MemberDetail['payments'][number]) => ReactNode }) {
  const intl = useIntl()
  return (
    <Panel id="member-payments" title={<FormattedMessage id="admin.member.payments" />}>
      <p className="small text-body-secondary">
        <FormattedMessage id="admin.member.refundWindow" values={{ days: d.refundDays }} />
      </p>
      {d.payments.length === 0 ? (
        <Empty id="admin.member.noPayments" />
      ) : (
        <ul className="list-unstyled mb-0">
          {d.payments.map((p) => (
            <li key={p.id} className="border-top py-2" data-testid={`payment-${p.id}`}>
              <div className="d-flex flex-wrap gap-3 small align-items-baseline">
                <strong>#{p.id}</strong>
                <span>
                  <When value={p.paidAt ?? p.createdAt} />
                </span>
                <span>{formatMoney(p.totalMinor, p.currency, intl.locale)}</span>
                <span>
                  <FormattedMessage id="admin.member.paymentCredits" values={{ n: p.credits }} />
                </span>
                <span>{p.method}</span>
                <span className="badge text-bg-light border">
                  <FormattedMessage id={`admin.member.payment.${p.status}`} />
                </span>
                {isTestPayment(p) ? <TestPaymentBadge /> : null}
                {p.refundedMinor > 0 ? (
                  <span className="badge text-bg-warning" data-testid="refunded">
                    <FormattedMessage id="admin.member.refunded" values={{ amount: formatMoney(p.refundedMinor, p.currency, intl.locale) }} />
                  </span>
                ) : null}
                {p.discountWithdrawn ? (
                  <span className="badge text-bg-warning" data-testid="discount-withdrawn">
                    <FormattedMessage id="admin.member.discountWithdrawn" />
                  </span>
                ) : null}
                {p.chargedBackMinor > 0 ? (
                  <span className="badge text-bg-danger">
                    <FormattedMessage id="admin.member.chargedBack" values={{ amount: formatMoney(p.chargedBackMinor, p.currency, intl.locale) }} />
                  </span>
                ) : null}
                {p.refundUntil && p.status === 'paid' ? (
                  <span className="text-body-secondary">
                    <FormattedMessage id="admin.member.refundUntil" values={{ date: <When value={p.refundUntil} /> }} />
                  </span>
                ) : null}
              </div>
              {refundForm && p.status === 'paid' && p.refundedMinor < p.totalMinor ? refundForm(p) : null}
              {refundForm ? <ActionReply intent="refund" subject={String(p.id)} shown={!(p.status === 'paid' && p.refundedMinor < p.totalMinor)} /> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** Flags that payments raised (a failed collection, a chargeback), and whether direct debit is closed to the member. */
export function FlagsPanel({ d }: { d: MemberDetail }) {
  return (
    <Panel id="member-flags" title={<FormattedMessage id="admin.member.flags" values={{ n: d.flags.filter((f) => !f.resolvedAt).length }} />}>
      <p className={`small ${d.directDebitBlocked ? 'text-danger fw-semibold' : 'text-body-secondary'}`} data-testid="direct-debit-state">
        <FormattedMessage id={d.directDebitBlocked ? 'admin.member.directDebitClosed' : 'admin.member.directDebitOpen'} />
      </p>
      {d.flags.length === 0 ? (
        <Empty id="admin.member.noFlags" />
      ) : (
        <ul className="small mb-0" data-testid="flags-list">
          {d.flags.map((f) => (
            <li key={f.id} data-reason={f.reason}>
              <When value={f.createdAt} /> · <FormattedMessage id={`admin.member.flag.${f.reason}`} /> · <code>{f.reference ?? ''}</code>
              {f.resolvedAt ? (
                <span className="text-body-secondary">
                  {' '}
                  · <FormattedMessage id="admin.member.flagResolved" values={{ date: <When value={f.resolvedAt} /> }} />
                </span>
              ) : f.closesDirectDebit ? (
                <span className="badge text-bg-danger ms-2">
                  <FormattedMessage id="admin.member.flagClosesDirectDebit" />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

export function ReportsPanel({ d }: { d: MemberDetail }) {
  const list = (rows: MemberDetail['reportsMade'], empty: string, testId: string) =>
    rows.length === 0 ? (
      <Empty id={empty} />
    ) : (
      <ul className="small mb-0" data-testid={testId}>
        {rows.map((r) => (
          <li key={r.id}>
            <When value={r.createdAt} /> · <FormattedMessage id={`admin.member.reportSubject.${r.subject}`} /> · <code>{r.reason}</code> ·{' '}
            {r.otherUserId ? <Link to={`/admin/members/${r.otherUserId}`}>{r.otherName}</Link> : r.otherName}{' '}
            <span className="text-body-secondary">(P{r.otherProfileId})</span>
          </li>
        ))}
      </ul>
    )
  return (
    <Panel id="member-reports" title={<FormattedMessage id="admin.member.reports" />}>
      <div className="row">
        <div className="col-md-6">
          <h3 className="h6">
            <FormattedMessage id="admin.member.reportsAbout" />
          </h3>
          {list(d.reportsAbout, 'admin.member.noReportsAbout', 'reports-about')}
        </div>
        <div className="col-md-6">
          <h3 className="h6">
            <FormattedMessage id="admin.member.reportsMade" />
          </h3>
          {list(d.reportsMade, 'admin.member.noReportsMade', 'reports-made')}
        </div>
      </div>
    </Panel>
  )
}
