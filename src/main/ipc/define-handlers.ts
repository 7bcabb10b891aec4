import type { IpcChannel, IpcEnvelope, IpcResult, IpcValidArgs } from '../../shared/ipc'

/** What runs a channel once its arguments passed their schema: a call into its feature. */
export type Handler<C extends IpcChannel> = (
  ...args: IpcValidArgs<C>
) => IpcResult<C> | Promise<IpcResult<C>>

export type Handlers = { [C in IpcChannel]: Handler<C> }

/**
 * A feature's share of the handlers (`orders/orders-handlers.ts`, ...): each is typed by its
 * channel's entry in the shared table, and a key that is no channel does not compile.
 * handler-table.ts puts the shares together and fails to compile while a channel has none.
 */
export function defineHandlers<T extends Partial<Handlers>>(
  handlers: T & Record<Exclude<keyof T, IpcChannel>, never>,
): T {
  return handlers
}

/** Validates `raw` (the arguments as they arrived), runs the channel's handler; never throws. */
export type ChannelHandler<C extends IpcChannel> = (
  raw: readonly unknown[],
) => Promise<IpcEnvelope<IpcResult<C>>>

/** One handler per channel of the contract: the Electron glue and the web harness share it. */
export type HandlerTable = { readonly [C in IpcChannel]: ChannelHandler<C> }
