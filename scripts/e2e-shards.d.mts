export interface Shard {
  files: string[]
  seconds: number
}
export function balancedShards(files: string[], durations: Record<string, number>, count: number): Shard[]
export function e2eSpecFiles(root: string): { files: string[]; durations: Record<string, number> }
export function durationsFromReports(reports: unknown[]): Record<string, number>
