export * from './accounts'
export * from './profiles'
export * from './social'
export * from './settings'
