declare const resultType: unique symbol
/** A type carried by a value that holds nothing: what a channel answers, what an event carries. */
export interface Returns<T> {
  readonly [resultType]?: T
}
export const returns = <T>(): Returns<T> => ({})
