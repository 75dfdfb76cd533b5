import { getCompanyInfo } from '#app/features/content/company-info.server'

/** GET /api/companyinfo.php */
export async function loader() {
  return Response.json(await getCompanyInfo(), { headers: { 'Cache-Control': 'public, max-age=300' } })
}
