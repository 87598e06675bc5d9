import { describe, expect, it } from 'vitest';
import type { ShownOption } from '../../language-model';
import { parseEndpoint } from './endpoints';
import { adviseEndpoints, requestTargets } from './endpoint-reader';
import { collectionKinds } from './path-kinds';
import { requestName } from './request-names';

// A made-up REST listing (a recipe-sharing service), in no environment's or data set's words: the
// request conventions of the endpoint reader are read from the listing alone.
const shown = (line: string): ShownOption => ({ name: /^- (\w+):/.exec(line)![1], shown: line });
const options = [
  '- GET_user: GET /user: Get the authenticated user. Returns: user objects. Arguments: none.',
  '- GET_users_handle: GET /users/{handle}: Get a user. Public details of one member of the service. Returns: user objects. Arguments: "handle" (string, required): The handle of the member.',
  '- GET_users_handle_recipes: GET /users/{handle}/recipes: List recipes of a user. Lists public recipes of the member. Returns: recipe objects. Arguments: "handle" (string, required): The handle of the member.',
  '- GET_user_recipes: GET /user/recipes: List recipes for the authenticated user. Lists recipes they own and recipes of clubs they belong to. Returns: recipe objects. Arguments: none.',
  '- GET_clubs_club_recipes: GET /clubs/{club}/recipes: List club recipes. Lists the recipes a cooking club shares. Returns: recipe objects. Arguments: "club" (string, required): The club name.',
  '- GET_clubs_club: GET /clubs/{club}: Get a club. Public details of a cooking club. Returns: club objects. Arguments: "club" (string, required): The club name.',
  '- GET_kitchens_kitchen_reviews: GET /kitchens/{kitchen}/reviews: List kitchen reviews. Lists reviews of a kitchen, newest first. Returns: review objects (naming user). Arguments: "kitchen" (string, required): The kitchen name.',
  '- GET_kitchens_kitchen_tasters: GET /kitchens/{kitchen}/tasters: List tasters. Lists the people that have tasted a dish of the kitchen. Returns: user objects. Arguments: "kitchen" (string, required): The kitchen name.',
  '- GET_kitchens_kitchen_dishes_courses_course: GET /kitchens/{kitchen}/dishes/courses/{course}: Get a dish by course. Returns: dish objects (naming user). Arguments: "kitchen" (string, required): The kitchen name.; "course" (string, required): The course the dish is served as.',
  '- PUT_user_following_handle: PUT /user/following/{handle}: Follow a user. Arguments: "handle" (string, required): The handle of the member.',
  '- PUT_user_saved_kitchen: PUT /user/saved/{kitchen}: Save a kitchen for the authenticated user. Arguments: "kitchen" (string, required): The kitchen name.',
  '- finish: Finish when the request is done. Arguments: "answer" (string, required): what was done or found.',
].map(shown);

const targets = (request: string) => requestTargets(request, options);
const endpoint = (name: string) => parseEndpoint(options.find((o) => o.name === name)!)!;
const docWords = new Set(options.flatMap((o) => o.shown.toLowerCase().split(/[^a-z0-9]+/)));
const kinds = collectionKinds(options.map(parseEndpoint).filter((e) => !!e).map((e) => e!.path));

describe('request conventions of the endpoint reader, on a made-up API', () => {
  it('reads the signed-in user\'s things only when the request says "my"', () => {
    // "they" is someone else: their recipes are read at the path that names them, not at /user/recipes
    // (whose doc also says "they").
    expect(targets('Who is the most followed user in Lyon, and what recipes do they have?')).toEqual(['GET_users_handle', 'GET_users_handle_recipes']);
  });

  it('looks up the person an earlier clause found when a later one asks about them in words no operation uses', () => {
    expect(targets('Who wrote the latest review of the corner-bistro kitchen, and where does that person live?')).toEqual(['GET_kitchens_kitchen_reviews', 'GET_users_handle']);
    // A sentence is a clause of its own ("? I'd like ...").
    expect(targets('Who are the tasters of the corner-bistro kitchen? I would like to read their profile.')).toEqual(['GET_kitchens_kitchen_tasters', 'GET_users_handle']);
  });

  it('takes a relative clause for which thing, not for what to do', () => {
    // "who saved my kitchen" says which member; "saved" is no request to save a kitchen.
    expect(targets('Follow the first member who saved my corner-bistro kitchen.')).toEqual(['PUT_user_following_handle']);
  });

  it('reads "which KIND VERB ..." as asking for one thing of that kind, and its verb as no name', () => {
    // "maintains the pancake-stack recipe" says which club, as a relative clause would: the club itself is
    // asked for, not its recipes.
    expect(targets('Which club maintains the pancake-stack recipe, and what is their motto?')).toEqual(['GET_clubs_club']);
    // The word after "which club" is the question's verb, not the club's name.
    expect(requestName('Which club maintains the most recipes?', endpoint('GET_clubs_club'), 'club', 'club', docWords, false, kinds)).toBeUndefined();
    // After an auxiliary the word is the subject, and may be a name: "What does gourmet42 share?" asks about gourmet42.
    expect(requestName('What does gourmet42 share?', endpoint('GET_users_handle_recipes'), 'handle', 'user', docWords, false, kinds)).toBe('gourmet42');
    // A plural or an auxiliary asks otherwise: "what recipes does ..." still reads a list.
    expect(targets('What recipes does the corner-bistro club share?')).toEqual(['GET_clubs_club_recipes']);
  });

  it('reads a name beside a kind\'s word as a thing of that kind, and a key under a collection as naming one of it', () => {
    // "my corner-bistro kitchen" names a kitchen, no member to follow.
    expect(requestName('Follow the first member who saved my corner-bistro kitchen.', endpoint('PUT_user_following_handle'), 'handle', 'user', docWords, false, kinds)).toBeUndefined();
    expect(requestName('Follow the first member who saved my corner-bistro kitchen.', endpoint('PUT_user_saved_kitchen'), 'kitchen', 'kitchen', docWords, false, kinds)).toBe('corner-bistro');
    // `/dishes/courses/{course}`: a dish by its course, "the dessert dish".
    expect(requestName('Who cooked the dessert dish of corner-bistro?', endpoint('GET_kitchens_kitchen_dishes_courses_course'), 'course', 'course', docWords, true, kinds)).toBe('dessert');
  });
});

describe('whose a thing is, on a made-up API that names a cookbook by its owner and its own name', () => {
  const listing = [
    '- GET_user: GET /user: Get the authenticated user. Returns: user objects. Arguments: none.',
    '- GET_search_cookbooks: GET /search/cookbooks: Search cookbooks. Finds cookbooks by keywords. Returns: cookbook objects. Arguments: "q" (string, required): The search keywords.',
    '- GET_cookbooks_owner_cookbook: GET /cookbooks/{owner}/{cookbook}: Get a cookbook. Returns: cookbook objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.',
    '- POST_cookbooks_owner_cookbook_copies: POST /cookbooks/{owner}/{cookbook}/copies: Create a copy of a cookbook. The copy belongs to the authenticated user. Returns: cookbook objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.',
    '- finish: Finish when the request is done. Arguments: "answer" (string, required): what was done or found.',
  ].map(shown);
  const first = (request: string) => adviseEndpoints({ messages: [{ role: 'user', content: `Request: ${request}` }], options: listing }).calls[0];

  it('searches for a thing the request names by its own name alone, and reads "my" as said of the noun after it', () => {
    // "in my kitchen" says where the copy goes; whose 'bistro-classics' is the request does not say.
    expect(first("Create a copy of the cookbook of the 'bistro-classics' series in my kitchen.")).toMatchObject({ tool: 'GET_search_cookbooks', args: { q: 'bistro-classics' } });
    // "my bistro-classics cookbook" is mine: who I am comes first.
    expect(first('Create a copy of my bistro-classics cookbook.')?.tool).toBe('GET_user');
    // A pair the request writes (owner/name) names it whole.
    expect(first('Create a copy of the cookbook chef-ana/bistro-classics.')).toEqual({ tool: 'POST_cookbooks_owner_cookbook_copies', args: { owner: 'chef-ana', cookbook: 'bistro-classics' } });
  });
});

describe('a comparison of two things read off a list, on a made-up API', () => {
  const listing = [
    '- GET_cookbooks_owner_cookbook_editions: GET /cookbooks/{owner}/{cookbook}/editions: List editions. Lists the editions of a cookbook, newest first. Returns: edition objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.',
    '- GET_cookbooks_owner_cookbook_editions_edition_id: GET /cookbooks/{owner}/{cookbook}/editions/{edition_id}: Get an edition. Returns: edition objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.; "edition_id" (number, required): The id of the edition.',
    '- GET_cookbooks_owner_cookbook_editions_latest: GET /cookbooks/{owner}/{cookbook}/editions/latest: Get the latest edition. Returns: edition objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.',
    '- GET_cookbooks_owner_cookbook_editions_stamps_stamp: GET /cookbooks/{owner}/{cookbook}/editions/stamps/{stamp}: Get an edition by its stamp. Returns: edition objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.; "stamp" (string, required): The stamp of the edition.',
    '- GET_cookbooks_owner_cookbook_diff_span: GET /cookbooks/{owner}/{cookbook}/diff/{span}: Compare two editions. Lists the recipes one edition adds to another. Returns: recipe objects. Arguments: "owner" (string, required): The handle of the cookbook owner.; "cookbook" (string, required): The name of the cookbook.; "span" (string, required): The two stamps to compare, in the form `OLD...NEW`.',
    '- finish: Finish when the request is done. Arguments: "answer" (string, required): what was done or found.',
  ].map(shown);
  const next = (request: string, turns: [string, string][] = []) =>
    adviseEndpoints({
      messages: [{ role: 'user', content: `Request: ${request}` }, ...turns.flatMap(([action, observation]) => [{ role: 'assistant' as const, content: `Think: next.\nAction: ${action}` }, { role: 'user' as const, content: `Observation: ${observation}` }])],
      options: listing,
    }).calls[0];

  it('reads "what changed between the two latest editions" as a comparison whose two names come off the list of editions', () => {
    expect(requestTargets('What changed between the two latest editions of chef-ana/bread-basics?', listing)).toEqual(['GET_cookbooks_owner_cookbook_diff_span']);
    const request = 'What changed between the two latest editions of chef-ana/bread-basics?';
    // Not the latest edition alone: the list of editions gives the two names.
    expect(next(request)).toEqual({ tool: 'GET_cookbooks_owner_cookbook_editions', args: { owner: 'chef-ana', cookbook: 'bread-basics' } });
    const listed = '[{"id":"edition_1","name":"Spring","stamp_name":"s-2026"},{"id":"edition_2","name":"Winter","stamp_name":"s-2025"}]';
    // The older stamp first, as the form OLD...NEW says; the list reads newest first.
    expect(next(request, [['GET_cookbooks_owner_cookbook_editions with Action Input: {"owner":"chef-ana","cookbook":"bread-basics"}', listed]])).toEqual({ tool: 'GET_cookbooks_owner_cookbook_diff_span', args: { owner: 'chef-ana', cookbook: 'bread-basics', span: 's-2025...s-2026' } });
  });
});
