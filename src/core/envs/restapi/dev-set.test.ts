import { describe, expect, it } from 'vitest';
import type { Action, StepResult, Task } from '../../types';
import type { RestDataset } from './dataset';
import { devSetDataset } from '../../../../test/fixtures/dev-sets';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';

/**
 * The GitHub development set (`eval/dev-sets/restbench-github/`, written apart from the bundled
 * Spotify set): it loads with the importer, and the simulator built from its spec takes GitHub's
 * path parameters as names the request gives (owner, repo, issue numbers), request bodies as
 * arguments, and refuses ids of the wrong kind.
 */
describe('RestBench GitHub development set', () => {
  const dataset = devSetDataset('restapi') as RestDataset;
  const env = new RestApiEnvironment(dataset.tools, dataset.api);
  const byGoal = (start: string) => dataset.tasks.find((t) => t.goal.startsWith(start))!;

  function solve(task: Task): { calls: Action[]; last?: StepResult } {
    env.reset(task);
    const expert = restapiExpert(env);
    const calls: Action[] = [];
    let last;
    for (let action = expert.next(), n = 0; action && n < 8; action = expert.next(), n++) {
      calls.push(action);
      last = env.step(action);
      if (last.done) break;
    }
    return { calls, last };
  }

  it('loads all 36 queries over 60 operations, none left out or renamed', () => {
    expect(dataset.tasks).toHaveLength(36);
    expect(dataset.tasks.filter((t) => t.split === 'train')).toHaveLength(12);
    expect(dataset.tools).toHaveLength(60);
    expect(dataset.skipped ?? []).toEqual([]);
    expect(dataset.notes ?? []).toEqual([]);
    expect(dataset.api).toBe('GitHub v3 REST API (subset)');
  });

  it('reads resource kinds from the spec: repositories, issues and pull requests are each their own kind', () => {
    const tool = (endpoint: string) => dataset.tools.find((t) => t.endpoint === endpoint)!;
    expect(tool('GET /repos/{owner}/{repo}').outputKinds[0]).toBe('repo');
    expect(tool('GET /repos/{owner}/{repo}/issues').outputKinds[0]).toBe('issue');
    expect(tool('GET /repos/{owner}/{repo}/pulls').outputKinds[0]).toBe('pull');
    expect(tool('POST /user/repos').outputKinds[0]).toBe('repo');
    expect(tool('GET /repos/{owner}/{repo}/issues/{issue_number}').params.filter((p) => p.in === 'path')).toEqual([
      { name: 'owner', in: 'path', check: 'name', kinds: ['repo'] },
      { name: 'repo', in: 'path', check: 'name', kinds: ['repo'] },
      { name: 'issue_number', in: 'path', check: 'name', kinds: ['issue'], integer: true },
    ]);
    expect(tool('GET /repos/{owner}/{repo}/releases/{release_id}/assets').idParams).toEqual(['release_id']);
    // A schema of no kind of its own is the kind whose schema it matches: a contributor holds every
    // field a simple-user requires; a label shares a few fields with an issue-type and stays a label.
    expect(tool('GET /repos/{owner}/{repo}/contributors').outputKinds).toEqual(['user']);
    expect(tool('GET /repos/{owner}/{repo}/labels').outputKinds).toEqual(['label']);
  });

  it('chains a contributor into a user lookup: the contributor carries the username /users/{username} takes', () => {
    const { calls, last } = solve(byGoal('Who has made the most contributions to rust-lang/rust'));
    expect(calls[0]).toEqual({ tool: 'GET_repos_owner_repo_contributors', args: { owner: 'rust-lang', repo: 'rust' } });
    const contributors = env.outputs[0] as { id: string; username: string }[];
    expect(contributors[0].id).toMatch(/^user_/);
    expect(calls[1]).toEqual({ tool: 'GET_users_username', args: { username: contributors[0].username } });
    expect(last?.success).toBe(true);
  });

  it('is solved by the expert on every query, as the first observation names the GitHub API', () => {
    for (const task of dataset.tasks) {
      expect(env.reset(task)).toContain('You can call the GitHub v3 REST API (subset) operations listed (simulated).');
      const { last } = solve(task);
      expect([task.id, last?.success]).toEqual([task.id, true]);
      expect(env.metrics()).toEqual({ correctPath: 1, deltaSL: 0 });
    }
  });

  it('takes a name no request word gives from an earlier response: the owner of a repository found, two tags off the releases', () => {
    // "Which organization maintains the Tailwind CSS repository": the organization is the search hit's owner, not "maintains".
    const org = solve(byGoal('Which organization maintains the Tailwind CSS repository'));
    const hits = env.outputs[0] as { items: { owner: string }[] };
    expect(org.calls[1]).toEqual({ tool: 'GET_orgs_org', args: { org: hits.items[0].owner } });
    expect(org.last?.success).toBe(true);
    // "What changed between the two most recent releases": the two newest releases' tags, older first, not "What".
    const compare = solve(byGoal('What changed between the two most recent releases of nodejs/node'));
    const releases = env.outputs[0] as { tag_name: string }[];
    expect(releases.map((r) => r.tag_name)).toEqual([expect.stringMatching(/^tag-/), expect.stringMatching(/^tag-/)]);
    expect(compare.calls[1].args.basehead).toBe(`${releases[1].tag_name}...${releases[0].tag_name}`);
    expect(compare.last?.success).toBe(true);
  });

  it('takes the owner, repository and issue number the user names', () => {
    const { calls, last } = solve(byGoal('Who opened the most recent issue in octocat/Hello-World'));
    expect(calls[0]).toEqual({ tool: 'GET_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World' } });
    expect(last?.success).toBe(true);
    const close = solve(byGoal('Close issue #314 in apache/airflow'));
    expect(close.calls[1]).toMatchObject({ tool: 'POST_repos_owner_repo_issues_issue_number_comments', args: { owner: 'apache', repo: 'airflow', issue_number: 314 } });
    expect(close.last?.success).toBe(true);
  });

  it('answers a lookup by names with the thing so named: the repository octocat/Hello-World, issue #7, user octocat', () => {
    env.reset(byGoal('Who opened the most recent issue in octocat/Hello-World'));
    const repo = JSON.parse(env.step({ tool: 'GET_repos_owner_repo', args: { owner: 'octocat', repo: 'Hello-World' } }).observation);
    expect([repo.id, repo.owner, repo.repo]).toEqual([expect.stringMatching(/^repo_/), 'octocat', 'Hello-World']);
    // What it holds is another thing, with names of its own.
    expect(repo.organization?.org).not.toBe('octocat');
    expect(JSON.parse(env.step({ tool: 'GET_users_username', args: { username: 'octocat' } }).observation).username).toBe('octocat');
    // A list is of other things: the repository's issues carry numbers of their own, and the lookup of one
    // of them by its number answers with that number.
    const issues = JSON.parse(env.step({ tool: 'GET_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World' } }).observation);
    const number = issues[0].issue_number as number;
    const issue = JSON.parse(env.step({ tool: 'GET_repos_owner_repo_issues_issue_number', args: { owner: 'octocat', repo: 'Hello-World', issue_number: `#${number}` } }).observation);
    expect(issue.issue_number).toBe(number);
    // A name nobody gave is refused in a well-formed error, the spec's own (`basic-error`, its status a string).
    expect(JSON.parse(env.step({ tool: 'GET_repos_owner_repo', args: { owner: 'octocat', repo: 'Goodbye-World' } }).observation)).toEqual({ message: 'Not Found: no repo "Goodbye-World" (repo)', status: '404' });
  });

  it('refuses a name nobody gave, a request-body field left out, and an id of the wrong kind', () => {
    env.reset(byGoal('Who opened the most recent issue in octocat/Hello-World'));
    expect(env.step({ tool: 'GET_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Goodbye-World' } })).toMatchObject({ ok: false, observation: expect.stringContaining('Not Found') });
    const issues = JSON.parse(env.step({ tool: 'GET_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World' } }).observation);
    // A name an earlier response returned is taken.
    const found = env.step({ tool: 'GET_users_username', args: { username: issues[0].user.username } });
    expect(found).toMatchObject({ ok: true });
    const user = JSON.parse(found.observation);
    // Creating an issue needs its title (a required field of the request body).
    expect(env.step({ tool: 'POST_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World' } })).toMatchObject({ ok: false, observation: expect.stringContaining('Missing required parameter title') });
    expect(env.step({ tool: 'POST_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World', title: 'Typo in README' } })).toMatchObject({ ok: true });
    // An issued user id where a release id goes.
    expect(user.id).toMatch(/^user_/);
    expect(env.step({ tool: 'GET_repos_owner_repo_releases_release_id_assets', args: { owner: 'octocat', repo: 'Hello-World', release_id: user.id } })).toMatchObject({ ok: false, observation: expect.stringContaining('No release with id') });
  });
});
