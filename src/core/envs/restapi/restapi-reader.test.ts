import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, Task } from '../../types';
import type { ChatMessage } from '../../llm/language-model';
import { reactInstruction } from '../../llm/prompts/react-instruction';
import { fullDocOptions } from '../../llm/prompts/tool-listing';
import { formatAction } from '../../llm/action-format';
import { promptText } from '../../llm/advisor';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { requestTargets, shownIdKinds } from '../../llm/sim/tool-listing/endpoint-reader';
import { toolListingReader as restapiAdvisor } from '../../llm/sim/tool-listing/tool-listing-reader';
import { devSetDataset } from '../../../../test/fixtures/dev-sets';
import type { RestDataset } from './dataset';

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../../public/data/restapi/${name}`, import.meta.url), 'utf8'));
const dataset = parseRestDataset({ queries: read('spotify.json'), spec: read('spotify_oas.json') });

/** Runs a task the way a ReAct agent would, taking the advisor's first call each step. */
function run(env: RestApiEnvironment, task: Task, check?: (messages: ChatMessage[], action: Action) => void, bare = false) {
  const tools = env.tools();
  const first = env.reset(task);
  const options = bare ? tools.map((t) => (t.name === 'finish' ? fullDocOptions([t], 'json')[0] : { name: t.name, shown: t.name })) : fullDocOptions(tools, 'json');
  const system = reactInstruction({ goal: task.goal, style: 'json', toolLines: options.map((o) => o.shown), reflections: [] });
  const messages: ChatMessage[] = [{ role: 'system', content: system }, { role: 'user', content: `Observation: ${first}` }];
  const calls: string[] = [];
  let last = { success: false, progress: 0 };
  for (let step = 0; step < env.maxSteps; step++) {
    let advice = restapiAdvisor.advise({ messages, options });
    // EcoAct: a tool known by name is registered first, which shows its doc; then it is advised again.
    const chosen = options.findIndex((o) => o.name === advice.calls[0]?.tool && o.shown === o.name);
    if (chosen >= 0) {
      options[chosen] = fullDocOptions([tools.find((t) => t.name === options[chosen].name)!], 'json')[0];
      advice = restapiAdvisor.advise({ messages, options });
    }
    const action = advice.calls[0];
    if (!action) break;
    check?.(messages, action);
    calls.push(action.tool);
    const result = env.step(action);
    last = result;
    messages.push({ role: 'assistant', content: `Think: ${advice.reason ?? ''}\nAction: ${formatAction(action, 'json', tools)}` }, { role: 'user', content: `Observation: ${result.observation}` });
    if (result.done) break;
  }
  return { ...last, calls };
}

describe('the tool-listing reader on RestBench listings', () => {
  const env = new RestApiEnvironment(dataset.tools, dataset.api);

  it('should solve most training queries when its advice is followed greedily', () => {
    const train = dataset.tasks.filter((t) => t.split === 'train');
    const rate = (tasks: Task[]) => tasks.filter((t) => run(env, t).success).length / tasks.length;
    const trainRate = rate(train);
    const bare = train.filter((t) => run(env, t, undefined, true).success).length / train.length;
    console.log(`restapi advisor, greedy with bare names registered on first use (EcoAct): ${(bare * 100).toFixed(0)}% of training queries`);
    const allRate = rate(dataset.tasks);
    console.log(`restapi advisor, greedy: ${(trainRate * 100).toFixed(0)}% of ${train.length} training queries, ${(allRate * 100).toFixed(0)}% of all ${dataset.tasks.length}`);
    if (process.env.ADVISOR_DEBUG) for (const t of dataset.tasks) { const r = run(env, t); console.log(r.success ? 'OK  ' : 'FAIL', t.goal, '| T', requestTargets(t.goal, fullDocOptions(env.tools(), 'json')).join(' '), '|', r.calls.join(' '), '| gold', (t.data as { solution: string[] }).solution.join(', ')); }
    // A floor, not a target: the simulator refuses ids of the wrong kind and the reader knows no API
    // in particular (it read 53% of the training queries under the old, lenient simulator and Spotify tables).
    expect(trainRate).toBeGreaterThanOrEqual(0.3);
  });

  it('should read another API from its listing alone (the GitHub development set)', () => {
    const github = devSetDataset('restapi') as RestDataset;
    const githubEnv = new RestApiEnvironment(github.tools, github.api);
    const solved = github.tasks.filter((t) => run(githubEnv, t).success).length;
    console.log(`restapi advisor, greedy on the GitHub development set: ${solved} of ${github.tasks.length}`);
    // A floor, not a target (11 of 36 when the request conventions of request-names.ts and endpoint-targets.ts landed; 7 before).
    expect(solved).toBeGreaterThanOrEqual(8);
    // A name the user gives fills the name parameters: owner and repository from "octocat/Hello-World".
    const task = github.tasks.find((t) => t.goal.includes('octocat/Hello-World'))!;
    const options = fullDocOptions(githubEnv.tools(), 'json');
    const messages: ChatMessage[] = [{ role: 'user', content: `Observation: ${githubEnv.reset(task)}` }];
    expect(restapiAdvisor.advise({ messages, options }).calls[0]).toEqual({ tool: 'GET_repos_owner_repo_issues', args: { owner: 'octocat', repo: 'Hello-World' } });
  });

  it('should read general request conventions on another API: a list asked in the plural, a verb in a later clause, values typed for body fields, a possessive', () => {
    const github = devSetDataset('restapi') as RestDataset;
    const githubEnv = new RestApiEnvironment(github.tools, github.api);
    const options = fullDocOptions(githubEnv.tools(), 'json');
    const first = (request: string) => restapiAdvisor.advise({ messages: [{ role: 'user', content: `Observation: Request: ${request}\nYou can call the GitHub API operations listed (simulated).` }], options }).calls[0];
    // "What tags ...": the collection (`/tags`), not one item of it (`/releases/tags/{tag}`).
    expect(requestTargets('What tags has hashicorp/terraform published?', options)[0]).toBe('GET_repos_owner_repo_tags');
    // "I no longer want X in my stars, please remove it": the first clause takes the later clause's verb.
    expect(requestTargets('I no longer want angular/angular in my stars, please remove it.', options)[0]).toBe('DELETE_user_starred_owner_repo');
    // "named X" fills the body field `name`; the word beside the kind fills a field no wording names ("a release v2.3.0" -> tag_name).
    expect(first('Create a private repository named budget-tracker.')).toEqual({ tool: 'POST_user_repos', args: { name: 'budget-tracker' } });
    const release = run(githubEnv, github.tasks.find((t) => t.goal === 'Publish a release v2.3.0 of my weather-cli repository.')!);
    expect(release.success).toBe(true);
    // A possessive is no part of a name: "sindresorhus's" names sindresorhus.
    expect(Object.values(first("Show me the README of sindresorhus's most starred repository.")?.args ?? {})).not.toContain("sindresorhus's");
  });

  it('should read the same id kinds when a note is appended after a tool\'s arguments (a guidance line)', () => {
    const options = fullDocOptions(env.tools(), 'json');
    const tracks = options.find((o) => o.name === 'PUT_me_tracks')!;
    expect(shownIdKinds(tracks, options)).toEqual({ ids: ['track'] });
    const guided = { ...tracks, shown: `${tracks.shown} Guidance: Call GET_search first to get the album id it needs; do not confuse it with PUT_me_albums.` };
    expect(shownIdKinds(guided, options)).toEqual({ ids: ['track'] });
    const following = options.find((o) => o.name === 'PUT_me_following')!;
    expect(shownIdKinds({ ...following, shown: `${following.shown} Guidance: Use it after GET_tracks_id gives the track's artists.` }, options)).toEqual({ ids: ['artist', 'user'] });
  });

  it('should give the same advice when only hidden state differs (the gold path)', () => {
    const task = dataset.tasks[3];
    const other = { ...task, data: { solution: ['GET /me', 'PUT /me/player/volume'] } };
    const advice = (t: Task) => {
      env.reset(t);
      const options = fullDocOptions(env.tools(), 'json');
      const messages: ChatMessage[] = [
        { role: 'system', content: reactInstruction({ goal: t.goal, style: 'json', toolLines: options.map((o) => o.shown), reflections: [] }) },
        { role: 'user', content: `Observation: ${env.reset(t)}` },
      ];
      return restapiAdvisor.advise({ messages, options });
    };
    expect(advice(other)).toEqual(advice(task));
  });

  it('should only advise argument values and tools the prompt shows, under full docs and bare names', () => {
    const options = fullDocOptions(env.tools(), 'json');
    for (const task of dataset.tasks.slice(0, 20)) {
      run(env, task, (messages, action) => {
        expect(options.map((o) => o.name)).toContain(action.tool);
        const text = promptText(messages).toLowerCase();
        for (const value of Object.values(action.args)) expect([task.id, text.includes(String(value).toLowerCase())]).toEqual([task.id, true]);
      });
    }
    // EcoAct: the tools are bare names; the advisor still reads the endpoint from the name.
    const bare = env.tools().map((t) => ({ name: t.name, shown: t.name }));
    const messages: ChatMessage[] = [{ role: 'user', content: 'Observation: Request: Pause the player\nYou can call the Spotify Web API operations listed (simulated).' }];
    expect(restapiAdvisor.advise({ messages, options: bare }).calls[0]).toEqual({ tool: 'PUT_me_player_pause', args: {} });
    const values = restapiAdvisor.values({ messages: [...messages, { role: 'user', content: 'Observation: {"items":[{"id":"track_1a2b","type":"track"}]}' }], options: bare }, 'GET_tracks_id', 'id');
    expect(values).toEqual(['track_1a2b']);
  });
});
