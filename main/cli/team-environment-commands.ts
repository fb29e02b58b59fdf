import type { Command } from 'commander';
import type { CommandContext } from './command-context';
import { asJson } from './input';

/**
 * `paydesk team env …`: the team's environment profiles (main/core/team/environments.ts), read and
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
}
