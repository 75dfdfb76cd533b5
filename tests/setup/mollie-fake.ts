import { randomBytes } from 'node:crypto'
import https from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generate } from 'selfsigned'

/**
 * A local stand-in for Mollie's v2 API (https://docs.mollie.com/reference), close enough for @mollie/api-client:
 * payments (create, list, get), refunds, customers and SEPA direct debit mandates, with Bearer API keys, amount and
 * currency validation, HAL links (`_links.checkout` while a payment is open), error bodies of Mollie's shape
 * ({ status, title, detail, field }) and Idempotency-Key replay. The test drives what payers and banks do: pay,
 * fail, cancel, let expire, charge back, and calls the payment's webhook as Mollie does (a form with only `id`).
 *
 * It serves HTTPS on 127.0.0.1: the client refuses http: endpoints (it always sends through its own https.Agent,
 * which trusts only the CA bundle shipped inside the client). So the fake's fresh self-signed certificate is trusted
 * for connections to the fake's own port only, by a wrapper around https.Agent's createConnection; every other TLS
 * connection in the process is verified as before. Unlike Mollie, it accepts webhook URLs on localhost and does not
 * check which methods work with which currency.
 */

export type MollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired'

export interface MollieFakeRequest {
  method: string
  path: string
  idempotencyKey: string | undefined
  body: unknown
  status: number
}

export interface MollieFake {
  /** The apiEndpoint for the client: https://127.0.0.1:<port>/v2/ */
  url: string
  /** The one API key the fake accepts. */
  apiKey: string
  /** Every API request, in order, with its body and our answer's status (replays included). */
  requests: MollieFakeRequest[]
  /** A payment as the API would return it (undefined when unknown). */
  payment(id: string): Record<string, unknown> | undefined
  /** The payer or the bank decided: paid, failed, canceled, expired (or back to pending/authorized). */
  setStatus(id: string, status: MollieStatus): void
  /** The payer's bank reverses a paid payment: all that is left of it by default. */
  chargeback(id: string, amountMinor?: number): void
  /** POSTs `id=<id>` to the payment's webhookUrl like Mollie; resolves to our site's HTTP status. */
  callWebhook(id: string): Promise<number>
  /** The next `count` API requests get this answer (a 5xx carries Retry-After: 0), or none at all ('stall'). */
  answerNext(answer: number | 'stall', count?: number): void
  close(): Promise<void>
}

interface Payment {
  id: string
  createdAt: string
  amountMinor: number
  currency: string
  description: string
  method: string | null
  metadata: unknown
  status: MollieStatus
  redirectUrl: string | null
  cancelUrl: string | null
  webhookUrl: string | null
  locale: string | null
  sequenceType: 'oneoff' | 'first' | 'recurring'
  customerId: string | null
  mandateId: string | null
  refundedMinor: number
  chargedBackMinor: number
  refunds: string[]
  chargebacks: string[]
  at: Partial<Record<'paidAt' | 'authorizedAt' | 'canceledAt' | 'expiredAt' | 'failedAt', string>>
}

interface Customer {
  id: string
  name: string | null
  email: string | null
  locale: string | null
  metadata: unknown
  createdAt: string
  mandates: Mandate[]
}

interface Mandate {
  id: string
  method: 'directdebit'
  consumerName: string
  consumerAccount: string
  consumerBic: string | null
  signatureDate: string
  mandateReference: string | null
  createdAt: string
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

// Mollie's currencies (docs: "Multicurrency"); JPY and ISK have no decimals there.
const CURRENCIES = new Set([
  'AED',
  'AUD',
  'BGN',
  'BRL',
  'CAD',
  'CHF',
  'CZK',
  'DKK',
  'EUR',
  'GBP',
  'HKD',
  'HUF',
  'ILS',
  'ISK',
  'JPY',
  'MXN',
  'MYR',
  'NOK',
  'NZD',
  'PHP',
  'PLN',
  'RON',
  'RUB',
  'SEK',
  'SGD',
  'THB',
  'TWD',
  'USD',
  'ZAR',
])
const ZERO_DECIMALS = new Set(['JPY', 'ISK'])
// The methods of the create-payment reference; giropay and sofort are no longer among them.
const METHODS = new Set([
  'alma',
  'applepay',
  'bacs',
  'bancomatpay',
  'bancontact',
  'banktransfer',
  'belfius',
  'billie',
  'bizum',
  'blik',
  'creditcard',
  'directdebit',
  'eps',
  'giftcard',
  'googlepay',
  'ideal',
  'in3',
  'kbc',
  'klarna',
  'mbway',
  'mobilepay',
  'multibanco',
  'mybank',
  'paybybank',
  'paypal',
  'paysafecard',
  'pointofsale',
  'przelewy24',
  'riverty',
  'satispay',
  'swish',
  'trustly',
  'twint',
  'vipps',
  'voucher',
])
const LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
])
const DOCS = { href: 'https://docs.mollie.com/reference/handling-errors', type: 'text/html' }

export async function startMollieFake(opts: { apiKey?: string } = {}): Promise<MollieFake> {
  const apiKey = opts.apiKey ?? `test_${randomBytes(15).toString('hex')}`
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  })

  const payments = new Map<string, Payment>()
  const customers = new Map<string, Customer>()
  const refunds = new Map<string, Record<string, unknown>>()
  const replays = new Map<string, { status: number; body: unknown }>()
  const requests: MollieFakeRequest[] = []
  const forced: (number | 'stall')[] = []
  let origin = ''
  let api = ''

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    void handle(req, res).catch(() => res.destroy())
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    const raw = await readBody(req)
    if (url.pathname.startsWith('/checkout/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Mollie test checkout</title>')
      return
    }
    const method = req.method ?? 'GET'
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined
    const log: MollieFakeRequest = { method, path: url.pathname + url.search, idempotencyKey: key, body: undefined, status: 0 }
    requests.push(log)
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      log.status = status
      res.writeHead(status, { 'content-type': 'application/hal+json; charset=utf-8', ...headers }).end(body === undefined ? '' : JSON.stringify(body))
    }
    const fail = (e: ApiError, headers: Record<string, string> = {}) =>
      send(
        e.status,
        { status: e.status, title: TITLES[e.status] ?? 'Error', detail: e.detail, ...(e.field ? { field: e.field } : {}), _links: { documentation: DOCS } },
        headers,
      )

    const next = forced.shift()
    if (next === 'stall') return
    // The client retries a 5xx answer after Retry-After seconds (2 s without one): 0 keeps the tests fast.
    if (next !== undefined) return fail(new ApiError(next, 'told to fail by the test'), next >= 500 ? { 'retry-after': '0' } : {})

    if (req.headers.authorization !== `Bearer ${apiKey}`) return fail(new ApiError(401, 'Missing authentication, or failed to authenticate'))
    let body: Record<string, unknown> = {}
    if (raw.length) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'))
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
        body = parsed as Record<string, unknown>
      } catch {
        return fail(new ApiError(400, 'The request body is not valid JSON'))
      }
    }
    log.body = body

    // Mollie answers a known key with the stored response of the first request, whatever the new one says.
    const replayKey = key && (method === 'POST' || method === 'DELETE') ? `${method} ${url.pathname} ${key}` : undefined
    const stored = replayKey ? replays.get(replayKey) : undefined
    if (stored) return send(stored.status, stored.body)

    let result: [number, unknown]
    try {
      result = route(method, url, body)
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      // Validation errors are not stored: the same key may be sent again with a corrected request.
      return fail(e)
    }
    if (replayKey) replays.set(replayKey, { status: result[0], body: result[1] })
    send(...result)
  }

  function route(method: string, url: URL, body: Record<string, unknown>): [number, unknown] {
    const parts = url.pathname.replace(/\/+$/, '').split('/').slice(1)
    if (parts[0] !== 'v2') throw new ApiError(404, 'The requested resource does not exist')
    const [, resource, id, sub] = parts
    if (resource === 'payments' && !id && method === 'POST') return [201, createPayment(body)]
    if (resource === 'payments' && !id && method === 'GET') return [200, listPayments(url)]
    if (resource === 'payments' && id && !sub && method === 'GET') return [200, paymentJson(findPayment(id))]
    if (resource === 'payments' && id && sub === 'refunds' && method === 'POST' && parts.length === 4) return [201, createRefund(findPayment(id), body)]
    if (resource === 'customers' && !id && method === 'POST') return [201, createCustomer(body)]
    if (resource === 'customers' && id && sub === 'mandates' && method === 'POST' && parts.length === 4) return [201, createMandate(findCustomer(id), body)]
    throw new ApiError(404, 'The requested resource does not exist')
  }

  function findPayment(id: string): Payment {
    const p = payments.get(id)
    if (!p) throw new ApiError(404, `No payment exists with token ${id}.`)
    return p
  }

  function findCustomer(id: string): Customer {
    const c = customers.get(id)
    if (!c) throw new ApiError(404, `No customer exists with token ${id}.`)
    return c
  }

  function createPayment(body: Record<string, unknown>): unknown {
    const { minor, currency } = parseAmount(body.amount, 'amount')
    if (minor <= 0) throw new ApiError(422, 'The amount is lower than the minimum', 'amount')
    const description = optionalString(body.description, 'description')
    if (!description) throw new ApiError(422, 'The description is invalid', 'description')
    if (description.length > 255) throw new ApiError(422, 'The description is too long', 'description')
    const sequenceType = body.sequenceType ?? 'oneoff'
    if (sequenceType !== 'oneoff' && sequenceType !== 'first' && sequenceType !== 'recurring')
      throw new ApiError(422, 'The sequence type is invalid', 'sequenceType')
    const redirectUrl = optionalUrl(body.redirectUrl, 'redirectUrl')
    if (!redirectUrl && sequenceType !== 'recurring') throw new ApiError(422, 'The redirect URL is required', 'redirectUrl')
    const webhookUrl = optionalUrl(body.webhookUrl, 'webhookUrl')
    const cancelUrl = optionalUrl(body.cancelUrl, 'cancelUrl')
    const locale = optionalString(body.locale, 'locale')
    if (locale && !LOCALES.has(locale)) throw new ApiError(422, 'The locale is invalid', 'locale')
    const requested = body.method === undefined || body.method === null ? [] : Array.isArray(body.method) ? body.method : [body.method]
    for (const m of requested) if (typeof m !== 'string' || !METHODS.has(m)) throw new ApiError(422, 'The payment method is invalid', 'method')
    const metadata = body.metadata ?? null
    if (JSON.stringify(metadata).length > 1024) throw new ApiError(422, 'The metadata is too large', 'metadata')

    let customerId: string | null = null
    let mandate: Mandate | null = null
    if (body.customerId !== undefined) {
      customerId = optionalString(body.customerId, 'customerId')
      if (!customerId || !customers.has(customerId)) throw new ApiError(422, 'The customer does not exist', 'customerId')
    }
    if (sequenceType === 'first' && !customerId) throw new ApiError(422, 'A first payment needs a customer', 'customerId')
    if (sequenceType === 'recurring') {
      if (!customerId) throw new ApiError(422, 'A recurring payment needs a customer', 'customerId')
      const mandates = customers.get(customerId)!.mandates
      const mandateId = optionalString(body.mandateId, 'mandateId')
      mandate = mandateId ? (mandates.find((m) => m.id === mandateId) ?? null) : (mandates[0] ?? null)
      if (!mandate) throw new ApiError(422, mandateId ? 'The mandate is not valid for this customer' : 'The customer has no valid mandate', 'mandateId')
      if (requested.length && !requested.includes(mandate.method)) throw new ApiError(422, 'The payment method does not match the mandate', 'method')
      if (currency !== 'EUR') throw new ApiError(422, 'SEPA Direct Debit is only available for EUR', 'amount.currency')
    }

    const id = `tr_${randomBytes(5).toString('hex')}`
    payments.set(id, {
      id,
      createdAt: new Date().toISOString(),
      amountMinor: minor,
      currency,
      description,
      method: mandate ? mandate.method : requested.length === 1 ? (requested[0] as string) : null,
      metadata,
      // A collection from a mandate needs nothing from the payer: it waits at the bank.
      status: mandate ? 'pending' : 'open',
      redirectUrl,
      cancelUrl,
      webhookUrl,
      locale,
      sequenceType,
      customerId,
      mandateId: mandate?.id ?? null,
      refundedMinor: 0,
      chargedBackMinor: 0,
      refunds: [],
      chargebacks: [],
      at: {},
    })
    return paymentJson(payments.get(id)!)
  }

  function listPayments(url: URL): unknown {
    const limit = Number(url.searchParams.get('limit') ?? 50)
    if (!Number.isInteger(limit) || limit < 1 || limit > 250) throw new ApiError(400, 'The limit is invalid', 'limit')
    const all = [...payments.values()].reverse()
    const from = url.searchParams.get('from')
    const start = from ? all.findIndex((p) => p.id === from) : 0
    if (start < 0) throw new ApiError(400, 'The from parameter is invalid', 'from')
    const page = all.slice(start, start + limit)
    const after = all[start + limit]
    return {
      count: page.length,
      _embedded: { payments: page.map(paymentJson) },
      _links: {
        self: link(`${api}payments?limit=${limit}`),
        previous: null,
        next: after ? link(`${api}payments?from=${after.id}&limit=${limit}`) : null,
        documentation: DOCS,
      },
    }
  }

  function createRefund(p: Payment, body: Record<string, unknown>): unknown {
    if (p.status !== 'paid') throw new ApiError(422, 'The payment cannot be refunded', 'paymentId')
    const { minor, currency } = parseAmount(body.amount, 'amount')
    if (currency !== p.currency) throw new ApiError(422, 'The currency does not match the payment', 'amount.currency')
    if (minor <= 0) throw new ApiError(422, 'The amount is lower than the minimum', 'amount.value')
    if (minor > p.amountMinor - p.refundedMinor - p.chargedBackMinor)
      throw new ApiError(422, 'The amount is higher than the amount that can be refunded', 'amount.value')
    p.refundedMinor += minor
    const id = `re_${randomBytes(5).toString('hex')}`
    p.refunds.push(id)
    const refund = {
      resource: 'refund',
      id,
      mode: 'test',
      description: optionalString(body.description, 'description') ?? '',
      amount: formatAmount(minor, currency),
      status: 'pending',
      metadata: body.metadata ?? null,
      paymentId: p.id,
      createdAt: new Date().toISOString(),
      _links: { self: link(`${api}payments/${p.id}/refunds/${id}`), payment: link(`${api}payments/${p.id}`), documentation: DOCS },
    }
    refunds.set(id, refund)
    return refund
  }

  function createCustomer(body: Record<string, unknown>): unknown {
    const locale = optionalString(body.locale, 'locale')
    if (locale && !LOCALES.has(locale)) throw new ApiError(422, 'The locale is invalid', 'locale')
    const email = optionalString(body.email, 'email')
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email)) throw new ApiError(422, 'The email address is invalid', 'email')
    const c: Customer = {
      id: `cst_${randomBytes(5).toString('hex')}`,
      name: optionalString(body.name, 'name'),
      email,
      locale,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
      mandates: [],
    }
    customers.set(c.id, c)
    return customerJson(c)
  }

  function createMandate(c: Customer, body: Record<string, unknown>): unknown {
    if (body.method !== 'directdebit') throw new ApiError(422, 'Only directdebit mandates can be created here', 'method')
    const consumerName = optionalString(body.consumerName, 'consumerName')
    if (!consumerName) throw new ApiError(422, 'The consumer name is required', 'consumerName')
    const consumerAccount = optionalString(body.consumerAccount, 'consumerAccount')
    if (!consumerAccount || !validIban(consumerAccount)) throw new ApiError(422, 'The consumer account is invalid', 'consumerAccount')
    const signatureDate = optionalString(body.signatureDate, 'signatureDate') ?? new Date().toISOString().slice(0, 10)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(signatureDate)) throw new ApiError(422, 'The signature date is invalid', 'signatureDate')
    const m: Mandate = {
      id: `mdt_${randomBytes(5).toString('hex')}`,
      method: 'directdebit',
      consumerName,
      consumerAccount,
      consumerBic: optionalString(body.consumerBic, 'consumerBic'),
      signatureDate,
      mandateReference: optionalString(body.mandateReference, 'mandateReference'),
      createdAt: new Date().toISOString(),
    }
    c.mandates.push(m)
    return {
      resource: 'mandate',
      id: m.id,
      mode: 'test',
      status: 'valid',
      method: m.method,
      details: { consumerName: m.consumerName, consumerAccount: m.consumerAccount, consumerBic: m.consumerBic },
      mandateReference: m.mandateReference,
      signatureDate: m.signatureDate,
      createdAt: m.createdAt,
      _links: { self: link(`${api}customers/${c.id}/mandates/${m.id}`), customer: link(`${api}customers/${c.id}`), documentation: DOCS },
    }
  }

  function customerJson(c: Customer): unknown {
    return {
      resource: 'customer',
      id: c.id,
      mode: 'test',
      name: c.name,
      email: c.email,
      locale: c.locale,
      metadata: c.metadata,
      createdAt: c.createdAt,
      _links: {
        self: link(`${api}customers/${c.id}`),
        dashboard: { href: `https://my.mollie.com/dashboard/customers/${c.id}`, type: 'text/html' },
        documentation: DOCS,
      },
    }
  }

  function paymentJson(p: Payment): Record<string, unknown> {
    const money = (minor: number) => formatAmount(minor, p.currency)
    const settled = p.status === 'paid' || p.refundedMinor > 0
    const links: Record<string, unknown> = {
      self: link(`${api}payments/${p.id}`),
      dashboard: { href: `https://my.mollie.com/dashboard/payments/${p.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    }
    if (p.status === 'open') links.checkout = { href: `${origin}/checkout/${p.id}`, type: 'text/html' }
    if (p.refunds.length) links.refunds = link(`${api}payments/${p.id}/refunds`)
    if (p.chargebacks.length) links.chargebacks = link(`${api}payments/${p.id}/chargebacks`)
    if (p.customerId) links.customer = link(`${api}customers/${p.customerId}`)
    if (p.mandateId) links.mandate = link(`${api}customers/${p.customerId}/mandates/${p.mandateId}`)
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      amount: money(p.amountMinor),
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      status: p.status,
      isCancelable: p.status === 'open',
      ...(p.status === 'open' ? { expiresAt: new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString() } : {}),
      ...p.at,
      profileId: 'pfl_fake000001',
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      ...(p.cancelUrl ? { cancelUrl: p.cancelUrl } : {}),
      webhookUrl: p.webhookUrl,
      locale: p.locale ?? 'en_US',
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      ...(settled
        ? {
            amountRefunded: money(p.refundedMinor),
            amountRemaining: money(p.amountMinor - p.refundedMinor - p.chargedBackMinor),
            settlementAmount: money(p.amountMinor),
          }
        : {}),
      ...(p.chargedBackMinor > 0 ? { amountChargedBack: money(p.chargedBackMinor) } : {}),
      _links: links,
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  origin = `https://127.0.0.1:${port}`
  api = `${origin}/v2/`
  const untrust = trustForPort(port, pems.cert)

  return {
    url: api,
    apiKey,
    requests,
    payment: (id) => {
      const p = payments.get(id)
      return p && paymentJson(p)
    },
    setStatus(id, status) {
      const p = findPayment(id)
      p.status = status
      const stamp = { paid: 'paidAt', authorized: 'authorizedAt', canceled: 'canceledAt', expired: 'expiredAt', failed: 'failedAt' } as const
      if (status in stamp) p.at[stamp[status as keyof typeof stamp]] = new Date().toISOString()
      if (status === 'paid') p.method ??= 'ideal'
    },
    chargeback(id, amountMinor) {
      const p = findPayment(id)
      const left = p.amountMinor - p.refundedMinor - p.chargedBackMinor
      const amount = amountMinor ?? left
      if (p.status !== 'paid' || amount <= 0 || amount > left) throw new Error('nothing of this payment can be charged back')
      p.chargedBackMinor += amount
      p.chargebacks.push(`chb_${randomBytes(5).toString('hex')}`)
    },
    async callWebhook(id) {
      const p = findPayment(id)
      if (!p.webhookUrl) throw new Error('the payment has no webhookUrl')
      const res = await fetch(p.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie HTTP client/1.0' },
        body: new URLSearchParams({ id: p.id }),
        signal: AbortSignal.timeout(15_000),
      })
      await res.arrayBuffer()
      return res.status
    },
    answerNext(answer, count = 1) {
      for (let i = 0; i < count; i++) forced.push(answer)
    },
    async close() {
      untrust()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  function link(href: string) {
    return { href, type: 'application/hal+json' }
  }
}

function optionalString(v: unknown, field: string): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') throw new ApiError(422, `The ${field} is invalid`, field)
  return v
}

function optionalUrl(v: unknown, field: string): string | null {
  const s = optionalString(v, field)
  if (s === null) return null
  if (!/^https?:\/\//.test(s) || !URL.canParse(s)) throw new ApiError(422, `The ${field} is invalid`, field)
  return s
}

/** Mollie's amount object: a supported currency and a string with exactly that currency's decimals. */
function parseAmount(v: unknown, field: string): { minor: number; currency: string } {
  if (!v || typeof v !== 'object') throw new ApiError(422, `The ${field} is required`, field)
  const { currency, value } = v as { currency?: unknown; value?: unknown }
  if (typeof currency !== 'string' || !CURRENCIES.has(currency)) throw new ApiError(422, 'The currency is not supported', `${field}.currency`)
  const m = typeof value === 'string' ? (ZERO_DECIMALS.has(currency) ? /^(\d+)$/ : /^(\d+)\.(\d{2})$/).exec(value) : null
  if (!m) throw new ApiError(422, 'The amount contains an invalid value', `${field}.value`)
  return { minor: ZERO_DECIMALS.has(currency) ? Number(m[1]) : Number(m[1]) * 100 + Number(m[2]), currency }
}

function formatAmount(minor: number, currency: string): { currency: string; value: string } {
  if (ZERO_DECIMALS.has(currency)) return { currency, value: String(minor) }
  return { currency, value: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}` }
}

function validIban(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let rest = 0
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97
  return rest === 1
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 1024 * 1024) throw new Error('body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

type CreateConnection = (this: https.Agent, options: unknown, ...rest: unknown[]) => unknown
const trusted = new Map<string, string>()
let original: CreateConnection | undefined

/** Makes every https.Agent trust `cert` for 127.0.0.1:<port> only; returns the undo. */
function trustForPort(port: number, cert: string): () => void {
  const proto = https.Agent.prototype as unknown as { createConnection: CreateConnection }
  if (!original) {
    const wrapped = proto.createConnection
    original = wrapped
    proto.createConnection = function (options, ...rest) {
      const o = options as { host?: string; port?: number | string } | null
      const ca = o && typeof o === 'object' ? trusted.get(`${o.host}:${o.port}`) : undefined
      return wrapped.call(this, ca ? { ...o, ca } : options, ...rest)
    }
  }
  trusted.set(`127.0.0.1:${port}`, cert)
  return () => {
    trusted.delete(`127.0.0.1:${port}`)
    if (!trusted.size && original) {
      proto.createConnection = original
      original = undefined
    }
  }
}
