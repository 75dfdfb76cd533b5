import { Component, useEffect, type ReactNode } from 'react'
import { RawIntlProvider } from 'react-intl'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import type { Route } from './+types/root'
import { SignupModalProvider } from '#app/features/accounts/components/signup-modal'
import { signupOptionsFor } from '#app/routes/-helpers/signup-options.server'
import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import { RealtimeProvider, useRealtime } from '#app/features/chat/components/realtime-provider'
import { getSettings } from '#app/features/settings/settings.server'
import { nicheOf } from '#app/features/niche/niche'
import { timeBonusFor } from '#app/features/billing/discounts.server'
import { billingOfViewer } from '#app/features/billing/member-billing.server'
import { paymentsAreSimulated } from '#app/features/billing/test-mode.server'
import { messageScope } from './i18n/client-messages'
import { messageBundle } from './i18n/message-bundles.server'
import { intlFor, loadMessages, MESSAGE_BUNDLE_SCRIPT_ID, messageText } from './i18n/message-store'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { registerServiceWorker } from './lib/service-worker'
import { attentionCount } from './lib/title-count'
import { AttentionSignals } from './ui/attention-signals'
import { ErrorPage } from './ui/error-page'
import { SeoTags } from './ui/seo-tags'
import { TestModeBanner } from './ui/test-mode-banner'
import { NavigationProgress } from './ui/navigation-progress'
import { publicUrl } from './lib/env.server'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { dropdownLocales } from '#app/features/visitors/locale-visibility'
import { entryWarningFor, visitorCountry } from '#app/features/visitors/visitor.server'
import { PageBounceBeacon } from '#app/features/visitors/components/page-bounce-beacon'
import { pinnedColorScheme, themeAttribute } from '#app/lib/color-mode'
import stylesheet from './styles/app.scss?url'
import '#app/routes/-helpers/load-context'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (app/routes/manifest.ts, icons from scripts/make-icons.mjs).
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ locale }, settings] = await Promise.all([requestLocale(request, context), getSettings()])
  const v = context.viewer
  const country = visitorCountry(context, settings)
  const usFooter = settings.us_footer && locale === 'en'
  const [counts, signup, timeBonus, company] = await Promise.all([
    v ? (v.badgeCounts ?? getBadgeCounts(v.profileId)) : { unread: 0, newLikes: 0 },
    v ? null : signupOptionsFor(request, context, { locale, country }),
    v ? timeBonusFor(billingOfViewer(v, settings), settings) : null,
    usFooter ? getCompanyInfo() : null,
  ])
  return {
    locale,
    // The script with the messages this part of the site shows (app/i18n/message-bundles.server.ts).
    messagesUrl: messageBundle(locale, new URL(request.url).pathname).url,
    viewer: v
      ? {
          profileId: v.profileId,
          name: v.name,
          email: v.email,
          thumb: v.thumb,
          paidUser: v.paidUser,
          credits: v.credits,
          status: v.status,
          profileStatus: v.profileStatus,
          colorMode: v.colorMode,
          notificationsDisabled: v.notificationsDisabled.length > 0,
        }
      : null,
    counts,
    signup,
    timeBonus,
    // The sandbox takes the payments: every page says that no real money moves (app/ui/test-mode-banner.tsx). The same
    // for every visitor, so cached anonymous pages (server/page-cache.server.ts) carry it rightly.
    testMode: paymentsAreSimulated(),
    // The visitor's country (offline GeoIP) decides the dropdown's languages and the entry warning (spec 2, 9).
    visitor: {
      languages: dropdownLocales(country, locale),
      entryWarning: entryWarningFor({ cookie: request.headers.get('cookie'), loggedIn: !!context.viewer }, settings, country),
    },
    site: {
      name: settings.name,
      cdnPrefix: settings.cdn_prefix,
      fictionalIcon: settings.fictional_icon,
      fictionalWarning: settings.fictional_warning,
      fictionalSingular: settings.fictional_singular,
      fictionalPlural: settings.fictional_plural,
      messageLength: settings.message_length,
      minimumAge: settings.minimum_age,
      pushKey: settings.push_public_key,
      // Spec section 2: the US footer, for English only, when the flag is set.
      usFooter: company ? { company: company.name, address: `${company.address}, ${company.city}, ${company.country}` } : null,
      // The niche (app/features/niche): <html data-niche> picks its theme (app/styles/niches.scss).
      niche: nicheOf(settings.niche).id,
    },
    // Head tags of app/ui/seo-tags.tsx: canonical and hreflang addresses, description, Open Graph.
    seo: {
      publicUrl: publicUrl(),
      localeDomains: settings.locale_domains,
      domainLanguage: settings.domain_language,
      name: settings.name,
      indexTitle: settings.index_title,
      description: settings.description,
    },
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>

/** A navigation into another part of the site (or language) loads that part's messages before it renders. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader()
  await loadMessages(data.messagesUrl)
  return data
}

/** The root data names the messages of one part of the site: moving to another part loads them again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return messageScope(currentUrl.pathname) !== messageScope(nextUrl.pathname) || defaultShouldRevalidate
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root')
  const locale = data?.locale ?? 'en'
  const niche = nicheOf(data?.site.niche)
  // A page drawn for light grounds (the landers) stays light whatever the device or the member chose.
  const theme = pinnedColorScheme(useMatches()) ?? themeAttribute(data?.viewer?.colorMode)
  return (
    <html lang={locale} data-niche={niche.id} data-test-mode={data?.testMode ? '' : undefined} data-bs-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={niche.palette.primary} />
        <Meta />
        <SeoTags site={data?.seo} locale={locale} loggedIn={!!data?.viewer} text={(id) => messageText(locale, data?.messagesUrl, id)} />
        <Links />
        {/* Deferred scripts run in document order, so the messages are there before the app's modules start. */}
        {data ? <script id={MESSAGE_BUNDLE_SCRIPT_ID} src={data.messagesUrl} defer /> : null}
      </head>
      <body>
        <RawIntlProvider value={intlFor(locale, data?.messagesUrl)}>
          {/* Here, above every layout (site, chat, empty, lander, console) and error page alike. */}
          {data?.testMode ? <TestModeBanner /> : null}
          {children}
        </RawIntlProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(registerServiceWorker, [])
  return (
    <RealtimeProvider enabled={!!loaderData.viewer} initialCounts={loaderData.counts}>
      <LiveCount loggedIn={!!loaderData.viewer} />
      <NavigationProgress />
      <PageBounceBeacon />
      <SignupModalProvider options={loaderData.signup}>
        <Outlet />
      </SignupModalProvider>
    </RealtimeProvider>
  )
}

/** Title prefix and app badge follow the counts: the root loader's, then the socket's `counts` events. */
function LiveCount({ loggedIn }: { loggedIn: boolean }) {
  const { counts } = useRealtime()
  return <AttentionSignals count={loggedIn ? attentionCount(counts) : 0} />
}

/** If rendering the error page fails too, a plain message and a link home (spec section 8). */
class LastResort extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <main style={{ padding: '2rem', fontFamily: 'sans-serif' }}>
        <h1>Error</h1>
        <p>The page could not be shown because of an unexpected problem.</p>
        <a href="/">Home</a>
      </main>
    )
  }
}

export function ErrorBoundary() {
  const error = useRouteError()
  let status = 500
  let message: string | undefined
  if (isRouteErrorResponse(error)) {
    status = error.status
    message = typeof error.data === 'string' ? error.data : error.statusText
  } else if (error instanceof Error && import.meta.env.DEV) {
    message = error.message
  }
  return (
    <LastResort>
      <ErrorPage status={status} message={message} />
    </LastResort>
  )
}
