import { FormattedMessage } from 'react-intl'
import { Form } from 'react-router'
import { Icon } from '#app/ui/icon'
import type { intentPermissions } from '../intent-permissions'
import type { MemberDetail } from '../member-detail.server'
import { eraseConfirmation } from '../support.schema'
import { ActionField, ActionForm } from './action-form'
import { Panel } from './member-panels'

/** What the operator may do on the member page: one flag per action intent, plus the data export. */
export type MemberActionRights = Record<keyof typeof intentPermissions | 'export', boolean>

/** The refund form under one paid payment. */
export function RefundForm({ p }: { p: MemberDetail['payments'][number] }) {
  return (
    <ActionForm
      intent="refund"
      subject={String(p.id)}
      testId={`refund-${p.id}`}
      title={<FormattedMessage id="admin.support.refund" values={{ id: p.id }} />}
      submitLabel={<FormattedMessage id="admin.support.refundSubmit" />}
      variant="btn-outline-danger"
    >
      {(r) => (
        <>
          <input type="hidden" name="paymentId" value={p.id} />
          <ActionField reply={r} id={`refund-${p.id}-reason`} name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
          <ActionField reply={r} id={`refund-${p.id}-confirm`} name="confirm" type="checkbox" label={<FormattedMessage id="admin.support.refundConfirm" />} />
        </>
      )}
    </ActionForm>
  )
}

/** The side panel with every support action the operator may take on this member. */
export function MemberActions({ d, may, adjustmentKey }: { d: MemberDetail; may: MemberActionRights; adjustmentKey: string }) {
  const a = d.account
  return (
    <Panel id="member-actions" title={<FormattedMessage id="admin.support.actions" />}>
      {may['resend-activation'] && d.activation.pending ? (
        <ActionForm
          intent="resend-activation"
          testId="action-resend"
          title={<FormattedMessage id="admin.support.resend" />}
          submitLabel={<FormattedMessage id="admin.support.resendSubmit" />}
        >
          {() => (
            <p className="small text-body-secondary">
              <FormattedMessage id="admin.support.resendHelp" values={{ sent: d.activation.sentToday, max: d.activation.maxPerDay }} />
            </p>
          )}
        </ActionForm>
      ) : null}
      {may['lift-lockout'] ? (
        <ActionForm
          intent="lift-lockout"
          testId="action-lockout"
          title={<FormattedMessage id="admin.support.lockout" />}
          submitLabel={<FormattedMessage id="admin.support.lockoutSubmit" />}
        >
          {(r) => <ActionField reply={r} id="lockout-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />}
        </ActionForm>
      ) : null}
      {may['logout-everywhere'] ? (
        <ActionForm
          intent="logout-everywhere"
          testId="action-logout"
          title={<FormattedMessage id="admin.support.logout" />}
          submitLabel={<FormattedMessage id="admin.support.logoutSubmit" />}
          variant="btn-outline-danger"
        >
          {(r) => (
            <>
              <ActionField reply={r} id="logout-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
              <ActionField
                reply={r}
                id="logout-confirm"
                name="confirm"
                type="checkbox"
                label={<FormattedMessage id="admin.support.logoutConfirm" values={{ n: d.sessions.length }} />}
              />
            </>
          )}
        </ActionForm>
      ) : null}
      {may['adjust-credits'] ? (
        <ActionForm
          intent="adjust-credits"
          testId="action-credits"
          title={<FormattedMessage id="admin.support.credits" />}
          submitLabel={<FormattedMessage id="admin.support.creditsSubmit" />}
        >
          {(r) => (
            <>
              <input type="hidden" name="key" value={adjustmentKey} />
              <ActionField
                reply={r}
                id="credits-delta"
                name="delta"
                type="number"
                inputMode="numeric"
                step={1}
                label={<FormattedMessage id="admin.support.delta" />}
                help={<FormattedMessage id="admin.support.deltaHelp" values={{ balance: a.credits }} />}
              />
              <ActionField reply={r} id="credits-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
            </>
          )}
        </ActionForm>
      ) : null}
      {may.export ? <MemberExport memberId={a.id} /> : null}
      {may.erase && a.status !== 'pending_deletion' && a.status !== 'deleted' ? <EraseForm memberId={a.id} /> : null}
    </Panel>
  )
}

/** The member's data export: a plain download, no fetcher. */
export function MemberExport({ memberId }: { memberId: number }) {
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="export-title" data-testid="action-export">
      <h3 className="h6" id="export-title">
        <FormattedMessage id="admin.support.export" />
      </h3>
      <p className="small text-body-secondary">
        <FormattedMessage id="admin.support.exportHelp" />
      </p>
      <Form method="post" action={`/admin/members/${memberId}/export`} reloadDocument>
        <button type="submit" className="btn btn-sm btn-outline-dark">
          <Icon name="download" className="me-2" />
          <FormattedMessage id="admin.support.exportSubmit" />
        </button>
      </Form>
    </section>
  )
}

/** Erasure on request, confirmed by typing the member's confirmation text. */
export function EraseForm({ memberId }: { memberId: number }) {
  return (
    <ActionForm
      intent="erase"
      testId="action-erase"
      title={<FormattedMessage id="admin.support.erase" />}
      submitLabel={<FormattedMessage id="admin.support.eraseSubmit" />}
      variant="btn-danger"
    >
      {(r) => (
        <>
          <p className="small text-body-secondary">
            <FormattedMessage id="admin.support.eraseHelp" />
          </p>
          <ActionField reply={r} id="erase-reason" name="reason" label={<FormattedMessage id="admin.support.reason" />} maxLength={500} />
          <ActionField
            reply={r}
            id="erase-typed"
            name="typed"
            autoComplete="off"
            label={<FormattedMessage id="admin.support.eraseTyped" values={{ text: <code>{eraseConfirmation(memberId)}</code> }} />}
          />
        </>
      )}
    </ActionForm>
  )
}
