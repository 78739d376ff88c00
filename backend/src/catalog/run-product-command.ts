import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { productDecider, ProductCommand, ProductState } from './product.decider';
import { productStream } from './product.events';

/** The catalogue's command message: one of the ProductCommand kinds. */
export class RunProductCommand extends Command<ProductState> {
  constructor(
    readonly command: ProductCommand,
    readonly caller: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RunProductCommand)
export class RunProductCommandHandler implements ICommandHandler<RunProductCommand, ProductState> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ command, caller }: RunProductCommand): Promise<ProductState> {
    const result = await this.runner.run(productDecider, productStream(command.productId), command, caller);
    return result.state;
  }
}
