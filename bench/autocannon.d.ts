// autocannon ships no type declarations; this covers the part of its programmatic API the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    pipelining?: number
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number }
    latency: Histogram & { totalCount: number }
    throughput: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    '2xx': number
  }
  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
