import { renderToStaticMarkup } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { catalogs } from '#app/i18n/catalogs.server'
import { DataTable, parseSort, sortRows, sortSearch, type Column, type DataTableProps } from './data-table'

interface Person {
  id: number
  name: string
  age: number | null
}

const people: Person[] = [
  { id: 1, name: 'bea', age: 40 },
  { id: 2, name: 'Adam', age: null },
  { id: 3, name: 'carl', age: 9 },
]

const columns: Column<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortKey: 'name', sortValue: (p) => p.name, rowHeader: true },
  { id: 'age', header: 'Age', cell: (p) => p.age ?? '–', sortKey: 'age', sortValue: (p) => p.age, firstDir: 'desc', align: 'end', className: 'small' },
  { id: 'id', header: 'Id', cell: (p) => `#${p.id}` },
]

function render<T>(props: DataTableProps<T>, url = '/admin/people', locale: 'en' | 'de' = 'en') {
  return renderToStaticMarkup(
    <IntlProvider locale={locale} messages={catalogs[locale]}>
      <MemoryRouter initialEntries={[url]}>
        <DataTable {...props} />
      </MemoryRouter>
    </IntlProvider>,
  )
}

const base: DataTableProps<Person> = { columns, rows: people, rowKey: (p) => p.id, caption: 'People', testId: 'people' }

describe('DataTable', () => {
  it('has column headers with scope, a caption and the table test id', () => {
    const html = render(base)
    expect(html).toContain('<table class="table table-sm align-middle" data-testid="people">')
    expect(html).toContain('<caption class="visually-hidden">People</caption>')
    expect(html.match(/<th scope="col"/g)).toHaveLength(3)
    expect(html).toContain('<th scope="col" class="text-end">Age</th>')
    expect(html).not.toContain('aria-sort')
    expect(html).not.toContain('<a ')
  })

  it('scrolls in a table-responsive wrapper unless told not to', () => {
    expect(render({ ...base, wrapperClassName: 'mb-4' })).toMatch(/^<div class="table-responsive mb-4"><table /)
    expect(render({ ...base, responsive: false })).toMatch(/^<table /)
  })

  it('can be named by aria-label or by a heading instead of a caption', () => {
    expect(render({ ...base, caption: undefined, ariaLabel: 'Everyone' } as DataTableProps<Person>)).toContain('aria-label="Everyone"')
    const html = render({ ...base, caption: undefined, labelledBy: 'people-title' } as DataTableProps<Person>)
    expect(html).toContain('aria-labelledby="people-title"')
    expect(html).not.toContain('<caption')
  })

  it('renders rows with their key, data attributes and test id, row headers and cell classes', () => {
    const html = render({ ...base, rowProps: (p) => ({ 'data-testid': `person-${p.id}`, 'data-age': p.age ?? undefined }) })
    expect(html).toContain('<tr data-testid="person-1" data-age="40"><th scope="row">bea</th><td class="text-end small">40</td><td>#1</td></tr>')
    expect(html).toContain('<tr data-testid="person-2"><th scope="row">Adam</th>')
    expect(html.match(/<tbody>.*<\/tbody>/)?.[0].match(/<tr/g)).toHaveLength(3)
  })

  it('marks the sorted column with aria-sort and links each sortable header to the other direction', () => {
    const html = render({ ...base, sort: { current: { key: 'name', dir: 'asc' } } }, '/admin/people?q=x&page=3&sort=name&dir=asc')
    expect(html).toMatch(/<th scope="col" aria-sort="ascending"><a [^>]*href="\/admin\/people\?q=x&amp;sort=name&amp;dir=desc"/)
    expect(html).toContain('<span class="visually-hidden"> (sort descending)</span>')
    // Another sortable column is not sorted: no aria-sort, and its first click uses its own first direction.
    expect(html).toMatch(/<th scope="col" class="text-end"><a [^>]*href="\/admin\/people\?q=x&amp;sort=age&amp;dir=desc"/)
    // A column without a sort key has no link.
    expect(html).toContain('<th scope="col">Id</th>')
    expect(html.match(/aria-sort=/g)).toHaveLength(1)
  })

  it('toggles a descending column back to ascending, in the page language', () => {
    const html = render({ ...base, sort: { current: { key: 'age', dir: 'desc' } } }, '/admin/people?sort=age&dir=desc', 'de')
    expect(html).toMatch(/<th scope="col" class="text-end" aria-sort="descending"><a [^>]*href="\/admin\/people\?sort=age&amp;dir=asc"/)
    expect(html).toContain('(aufsteigend sortieren)')
  })

  it('sorts the rows itself when the list is sorted on the client', () => {
    const names = (html: string) => [...html.matchAll(/<th scope="row">([^<]*)<\/th>/g)].map((m) => m[1])
    expect(names(render({ ...base, sort: { current: { key: 'name', dir: 'asc' }, client: true } }))).toEqual(['Adam', 'bea', 'carl'])
    expect(names(render({ ...base, sort: { current: { key: 'age', dir: 'desc' }, client: true } }))).toEqual(['bea', 'carl', 'Adam'])
    // Server-sorted lists are shown in the order they came.
    expect(names(render({ ...base, sort: { current: { key: 'name', dir: 'desc' } } }))).toEqual(['bea', 'Adam', 'carl'])
  })

  it('shows the default empty message, or the one given, instead of the table', () => {
    const html = render({ ...base, rows: [] })
    expect(html).toBe('<p class="text-body-secondary">Nothing to show.</p>')
    expect(render({ ...base, rows: [] }, '/', 'de')).toContain('Nichts anzuzeigen.')
    const own = render({ ...base, rows: [], empty: 'No people yet', emptyProps: { role: 'status', 'data-testid': 'people-empty' } })
    expect(own).toBe('<p role="status" data-testid="people-empty" class="text-body-secondary">No people yet</p>')
  })

  it('pages below the table, keeping the query', () => {
    const html = render({ ...base, pagination: { page: 2, pages: 3 } }, '/admin/people?sort=name&dir=asc&page=2')
    expect(html).toContain('href="/admin/people?sort=name&amp;dir=asc&amp;page=1"')
    expect(html).toContain('href="/admin/people?sort=name&amp;dir=asc&amp;page=3"')
    expect(render({ ...base, pagination: { page: 1, pages: 1 } })).not.toContain('<nav')
  })
})

describe('parseSort', () => {
  const keys = ['name', 'age'] as const
  it('accepts only whitelisted keys and the two directions', () => {
    expect(parseSort(new URLSearchParams('sort=age&dir=desc'), keys)).toEqual({ key: 'age', dir: 'desc' })
    expect(parseSort(new URLSearchParams('sort=name&dir=sideways'), keys)).toEqual({ key: 'name', dir: 'asc' })
    expect(parseSort(new URLSearchParams('sort=password;drop table users&dir=asc'), keys)).toBeNull()
    expect(parseSort(new URLSearchParams(''), keys, { key: 'name', dir: 'desc' })).toEqual({ key: 'name', dir: 'desc' })
  })
})

describe('sortSearch and sortRows', () => {
  it('starts a new order on the first page', () => {
    expect(sortSearch('q=a&page=4&after=x', { key: 'name', dir: 'asc' })).toBe('?q=a&sort=name&dir=asc')
  })
  it('keeps empty values last in both directions', () => {
    expect(sortRows(people, columns, { key: 'age', dir: 'asc' }).map((p) => p.id)).toEqual([3, 1, 2])
    expect(sortRows(people, columns, { key: 'age', dir: 'desc' }).map((p) => p.id)).toEqual([1, 3, 2])
    expect(sortRows(people, columns, { key: 'nope', dir: 'asc' })).toBe(people)
  })
})
