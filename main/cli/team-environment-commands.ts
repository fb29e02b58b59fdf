import type { Command } from 'commander';
import type { CommandContext } from './command-context';
import { asJson } from './input';

/**
 * `paydesk team operations|settle`: the team's open operations, and a person settling one by hand
 * whichever desk began it. `paydesk team env …`: the team's environment profiles (main/core/team/environments.ts), read and
 * kept as the person of the joined environment given with --env: anyone lists and adopts, admins
 * put and remove (the database refuses others, `not_permitted`). Adopting makes the team's profile
 * one of this desk's, in the same team; its service credentials are then set here
 * (`paydesk env set-credential`), never shared.
 */
export function describeTeamEnvironmentCommands(team: Command, context: CommandContext): void {
  const environments = team
    .command('env')
    .description(
      "the team's environment profiles, through the team of --env: list, adopt; admins put and remove",
    );

  environments
    .command('list')
    .description("the team's environment profiles")
    .action(() =>
      context.withSession('manage', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const listed = await session.team.environments(target.data.id);
        if (!listed.ok) return context.fail(listed.error);
        context.print(asJson(listed.data));
      }),
    );

  environments
    .command('put <name>')
    .description('admins: add the team environment <name>, or change it (journaled in the team journal)')
    .requiredOption('--kind <kind>', 'testing or production')
    .requiredOption('--base-url <url>', "the service's base URL")
    .option('--color <color>', 'its colour (production is always red)')
    .action((name: string, options: { kind: string; baseUrl: string; color?: string }) =>
      context.withSession('manage', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const kept = await session.team.putEnvironment(target.data.id, {
          name,
          kind: options.kind,
          baseUrl: options.baseUrl,
          ...(options.color !== undefined && { color: options.color }),
        });
        if (!kept.ok) return context.fail(kept.error);
        context.print(asJson(kept.data));
      }),
    );

  environments
    .command('remove <name>')
    .description("admins: take the team environment <name> out (desks' profiles made from it stay)")
    .action((name: string) =>
      context.withSession('manage', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const removed = await session.team.removeEnvironment(target.data.id, name);
        if (!removed.ok) return context.fail(removed.error);
        context.print(asJson({ removed: name }));
      }),
    );

  environments
    .command('adopt <name>')
    .description(
      'make the team environment <name> a profile of this desk, in the same team as the same person; then set its credentials here',
    )
    .action((name: string) =>
      context.withSession('manage', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const adopted = await session.team.adoptEnvironment(target.data.id, name);
        if (!adopted.ok) return context.fail(adopted.error);
        const { environmentId, team } = adopted.data;
        context.print(
          asJson({
            environmentId,
            name,
            team: { host: team.host, port: team.port, database: team.database, person: team.person },
            next: `paydesk env set-credential ${environmentId} <field>`,
          }),
        );
      }),
    );

  team
    .command('operations')
    .description(
      "the team's operations still open or of unknown outcome, any desk's, through the team of --env",
    )
    .action(() =>
      context.withSession('manage', async (session) => {
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const open = await session.team.openOperations(target.data.id);
        if (!open.ok) return context.fail(open.error);
        context.print(asJson(open.data));
      }),
    );

  team
    .command('settle')
    .description(
      'settle a team operation by hand after checking with the service, whichever desk began it (who and the note are journaled)',
    )
    .argument('<operation>', 'the operation, as `team operations` lists it')
    .requiredOption('--verdict <verdict>', 'happened | did-not-happen')
    .requiredOption('--note <text>', 'how it was checked')
    .action((operationId: string, options: { verdict: string; note: string }) =>
      context.withSession('manage', async (session) => {
        if (!/^\d{1,18}$/.test(operationId)) {
          return context.fail({
            kind: 'validation',
            field: 'operation',
            message: 'operation: a number, as team operations lists it.',
          });
        }
        if (options.verdict !== 'happened' && options.verdict !== 'did-not-happen') {
          return context.fail({
            kind: 'validation',
            field: '--verdict',
            message: '--verdict: must be happened or did-not-happen.',
          });
        }
        const target = await session.target();
        if (!target.ok) return context.fail(target.error);
        const settled = await session.team.settleOperation(target.data.id, {
          operationId,
          happened: options.verdict === 'happened',
          note: options.note,
        });
        if (!settled.ok) return context.fail(settled.error);
        context.print(asJson(settled.data));
      }),
    );
}
