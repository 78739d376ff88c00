import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../platform/event-store/command-runner';
import { cartDecider, CartCommand, CartState } from './cart.decider';
import { cartStream } from './cart.events';

/** The cart's command message; other modules (checkout) send it too, e.g. to clear a paid cart. */
export class RunCartCommand extends Command<CartState> {
  constructor(
    readonly cartId: string,
    readonly command: CartCommand,
  ) {
    super();
  }
}

@CommandHandler(RunCartCommand)
export class RunCartCommandHandler implements ICommandHandler<RunCartCommand, CartState> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ cartId, command }: RunCartCommand): Promise<CartState> {
    return (await this.runner.run(cartDecider, cartStream(cartId), command)).state;
  }
}
