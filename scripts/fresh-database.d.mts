export function freshDatabase(baseUrl: string, suffix: string): Promise<string>
