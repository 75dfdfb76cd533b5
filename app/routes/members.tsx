import { FormattedMessage, useIntl } from 'react-intl'
import { Form, redirect, useNavigation } from 'react-router'
import { SignupLink } from '#app/features/accounts/components/signup-modal'
import { cardPriority, ProfileCardView } from '#app/features/profiles/components/profile-card'
import { FictionalLegend } from '#app/features/profiles/components/fictional-badge'
import { parseSearchQuery } from '#app/features/search/search.schema'
import { defaultLookingFor, searchMembers, similarMembers } from '#app/features/search/search-members.server'
import { visitorMaySearch } from '#app/features/search/visitor-search.server'
import { regionsByCountry } from '#app/features/content/regions.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { Pagination } from '#app/ui/pagination'
import type { Route } from './+types/members'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getSettings()
  const viewer = context.viewer
  if (!viewer && !visitorMaySearch(settings, request.headers.get('cookie'))) {
    throw redirect(`/login?redirectTo=${encodeURIComponent('/members')}`)
  }
  const url = new URL(request.url)
  const query = parseSearchQuery(url.searchParams, { gender: defaultLookingFor(viewer, settings.niche), country: viewer?.country ?? '' })
  // Explicit filters are the member's; the default results follow the matching rule (sexuality both ways).
  const orientation = viewer && !url.searchParams.has('gender') ? { gender: viewer.gender, sexuality: viewer.sexuality } : null
  const result = await searchMembers(viewer?.profileId ?? null, query, settings.results_per_page, undefined, orientation)
  const similar =
    result.total < settings.similar_results_threshold && query.page === 1
      ? await similarMembers(
          viewer?.profileId ?? null,
          query,
          result.profiles.map((p) => p.id),
          settings.results_per_page,
          orientation,
        )
      : []
  const regions = query.country ? (regionsByCountry([query.country])[query.country] ?? []) : []
  return { query, result, similar, regions, countries: settings.countries, fields: settings.search_fields, visitor: !viewer }
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const root = useRootData()
  const navigation = useNavigation()
  const { query, result, similar, regions, fields } = loaderData
  const regionNames = regionNamesFor(intl.locale)
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/members'
  const show = (f: string) => fields.includes(f)
  return (
    <>
      {/* On a phone the tab bar's active "Search" says where one is: the title is for screen readers there. */}
      <h1 className="h3 mb-3 title-from-md">
        <FormattedMessage id="members.title" />
      </h1>
      {loaderData.visitor ? (
        <div className="alert alert-light border" role="note">
          <FormattedMessage id="members.visitorNote" />{' '}
          <SignupLink className="alert-link">
            <FormattedMessage id="login.signupLink" />
          </SignupLink>
        </div>
      ) : null}
      <Form method="get" className="row g-2 align-items-end mb-3 mb-md-4" role="search" aria-label={intl.formatMessage({ id: 'members.searchForm' })}>
        {show('gender') ? (
          <div className="col-6 col-md-2">
            <label htmlFor="search-gender" className="form-label">
              <FormattedMessage id="field.lookingFor" />
            </label>
            <select id="search-gender" name="gender" className="form-select" defaultValue={query.gender}>
              <option value="female">{intl.formatMessage({ id: 'lookingFor.female' })}</option>
              <option value="male">{intl.formatMessage({ id: 'lookingFor.male' })}</option>
              <option value="any">{intl.formatMessage({ id: 'lookingFor.any' })}</option>
            </select>
          </div>
        ) : null}
        {show('country') ? (
          <div className="col-6 col-md-3">
            <label htmlFor="search-country" className="form-label">
              <FormattedMessage id="field.country" />
            </label>
            <select
              id="search-country"
              name="country"
              className="form-select"
              defaultValue={query.country}
              onChange={(e) => {
                // The region list belongs to the country: search again so it follows.
                const region = e.currentTarget.form?.elements.namedItem('countryregion') as HTMLSelectElement | null
                if (region) region.value = ''
                e.currentTarget.form?.requestSubmit()
              }}
            >
              <option value="">{intl.formatMessage({ id: 'members.allCountries' })}</option>
              {loaderData.countries.map((c) => (
                <option key={c} value={c}>
                  {regionNames.of(c)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {show('countryregion') && regions.length ? (
          <div className="col-6 col-md-3">
            <label htmlFor="search-region" className="form-label">
              <FormattedMessage id="members.region" />
            </label>
            <select id="search-region" name="countryregion" className="form-select" defaultValue={query.countryregion}>
              <option value="">{intl.formatMessage({ id: 'members.anyRegion' })}</option>
              {regions.map((r) => (
                <option key={r.code} value={r.name}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {show('age') ? (
          <>
            <AgeSelect name="min_age" labelId="members.minAge" value={query.min_age} />
            <AgeSelect name="max_age" labelId="members.maxAge" value={query.max_age} />
          </>
        ) : null}
        <div className="col-12 col-md-2">
          <button type="submit" className="btn btn-primary w-100">
            <FormattedMessage id="members.search" />
          </button>
        </div>
      </Form>
      <SearchResults result={result} loading={loading} site={root.site} />
      <Pagination page={result.page} pages={result.pages} search={new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()} />
      {similar.length ? (
        <section aria-labelledby="similar-title" className="mt-4">
          <h2 id="similar-title" className="h5">
            <FormattedMessage id="members.similar" />
          </h2>
          <div className="profile-grid" data-testid="similar-results">
            {similar.map((p) => (
              <ProfileCardView key={p.id} profile={p} site={root.site} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  )
}

/** The count and the cards of one page of results, with the legend of the fictional profiles among them. */
function SearchResults({
  result,
  loading,
  site,
}: {
  result: Route.ComponentProps['loaderData']['result']
  loading: boolean
  site: ReturnType<typeof useRootData>['site']
}) {
  return (
    <>
      <p className="text-body-secondary" aria-live="polite" data-testid="result-count">
        {loading ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        <FormattedMessage id={result.capped ? 'members.resultCountCapped' : 'members.resultCount'} values={{ count: result.total }} />
      </p>
      {result.profiles.length === 0 ? (
        <div className="alert alert-light border text-center py-5" role="status">
          <Icon name="search" className="fs-2 d-block mx-auto mb-2" />
          <FormattedMessage id="members.noResults" />
        </div>
      ) : (
        <>
          <div className={`profile-grid${loading ? ' opacity-50' : ''}`}>
            {result.profiles.map((p, i) => (
              <ProfileCardView key={p.id} profile={p} site={site} priority={cardPriority(i)} />
            ))}
          </div>
          {/* Under the cards, as a key: on a phone the first card stays whole in the first screen (issue 27). */}
          {result.profiles.some((p) => p.isFictional) ? <FictionalLegend site={site} className="mt-3" /> : null}
        </>
      )}
    </>
  )
}

const ages = Array.from({ length: 82 }, (_, i) => 18 + i)

function AgeSelect({ name, labelId, value }: { name: string; labelId: string; value: number }) {
  return (
    <div className="col-3 col-md-1">
      <label htmlFor={`search-${name}`} className="form-label">
        <FormattedMessage id={labelId} />
      </label>
      <select id={`search-${name}`} name={name} className="form-select" defaultValue={value}>
        {ages.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'members.title')]
}
