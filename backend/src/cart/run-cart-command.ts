import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { cartDecider, CartCommand, CartState } from './cart.decider';
import { cartStream } from './cart.events';

export interface CartAfterCommand {
  state: CartState;
  version: number;
}

/** The cart's command message; other modules (checkout) send it too, e.g. to lock a cart while it is paid for. */
export class RunCartCommand extends Command<CartAfterCommand> {
  constructor(
    readonly cartId: string,
    readonly command: CartCommand,
    readonly caller: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RunCartCommand)
export class RunCartCommandHandler implements ICommandHandler<RunCartCommand, CartAfterCommand> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ cartId, command, caller }: RunCartCommand): Promise<CartAfterCommand> {
    const { state, version } = await this.runner.run(cartDecider, cartStream(cartId), command, caller);
    return { state, version };
  }
}
