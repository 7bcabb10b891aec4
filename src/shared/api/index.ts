export * from './schemas'
export * from './validate'
