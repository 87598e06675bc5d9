import type { Tool } from '../../types';

/**
 * The API catalogue the toolbench environment draws its candidate pools from: RapidAPI-like
 * products, two providers per domain (so near-duplicate endpoints compete), each with a lookup
 * endpoint (name to id) and detail endpoints that need that id. Descriptions are long on purpose:
 * ToolBench's docs are, and that is the cost EcoAct attacks (EcoAct section 2.2, Figure 2b).
 */
export interface EndpointSpec {
  /** snake_case endpoint part of the tool name, e.g. `daily_forecast`. */
  key: string;
  title: string;
  /** What it returns, as a phrase. */
  returns: string;
  /** Extra required parameter the query supplies, if any. */
  param?: { name: string; description: string; kind: 'days' | 'date' | 'currency' | 'year' | 'country' | 'limit' };
  /** The output field a query can ask for, and how its values look. */
  answer: { field: string; words: string; kind: 'number' | 'word' };
}

export interface DomainSpec {
  domain: string;
  /** The thing looked up by name, e.g. `city`, and example names. */
  entity: string;
  names: string[];
  idField: string;
  providers: [string, string];
  endpoints: EndpointSpec[];
}

const days = { name: 'days', description: 'number of days ahead, 1 to 14', kind: 'days' as const };
const date = { name: 'date', description: 'calendar date in YYYY-MM-DD format', kind: 'date' as const };
const currency = { name: 'currency', description: 'ISO 4217 currency code such as USD or EUR', kind: 'currency' as const };
const year = { name: 'year', description: 'four-digit year', kind: 'year' as const };
const country = { name: 'country', description: 'ISO 3166-1 alpha-2 country code such as US or DE', kind: 'country' as const };

export const DOMAINS: DomainSpec[] = [
  { domain: 'weather', entity: 'city', names: ['Lisbon', 'Osaka', 'Nairobi', 'Denver', 'Tallinn', 'Cusco'], idField: 'location_id', providers: ['skycast', 'meteohub'], endpoints: [
    { key: 'current_weather', title: 'Current Weather', returns: 'the current temperature, humidity, wind and conditions', answer: { field: 'temperature_c', words: 'current temperature in Celsius', kind: 'number' } },
    { key: 'daily_forecast', title: 'Daily Forecast', returns: 'a day-by-day forecast with highs, lows and precipitation chances', param: days, answer: { field: 'high_c', words: 'forecast high in Celsius', kind: 'number' } },
    { key: 'air_quality', title: 'Air Quality Index', returns: 'the air quality index with PM2.5, PM10 and ozone readings', answer: { field: 'aqi', words: 'air quality index', kind: 'number' } },
    { key: 'historical_weather', title: 'Historical Weather', returns: 'observed weather for a past date', param: date, answer: { field: 'rainfall_mm', words: 'rainfall in millimetres on that date', kind: 'number' } },
  ] },
  { domain: 'finance', entity: 'company', names: ['Norvex Energy', 'Altaro Foods', 'Quillon Bank', 'Brightwave Media', 'Helix Motors', 'Orbis Pharma'], idField: 'symbol', providers: ['stockpulse', 'marketlens'], endpoints: [
    { key: 'stock_quote', title: 'Real-Time Stock Quote', returns: 'the latest price, change and volume of a listed stock', param: currency, answer: { field: 'price', words: 'latest share price', kind: 'number' } },
    { key: 'company_profile', title: 'Company Profile', returns: 'sector, industry, employee count and headquarters of a company', answer: { field: 'employees', words: 'number of employees', kind: 'number' } },
    { key: 'dividend_history', title: 'Dividend History', returns: 'dividends paid per share by year', param: year, answer: { field: 'dividend_per_share', words: 'dividend per share that year', kind: 'number' } },
    { key: 'earnings_calendar', title: 'Earnings Calendar', returns: 'the next earnings report date and the consensus estimate', answer: { field: 'eps_estimate', words: 'consensus earnings-per-share estimate', kind: 'number' } },
  ] },
  { domain: 'movies', entity: 'film', names: ['The Glass Harbor', 'Midnight Orchard', 'Paper Comets', 'Iron Lullaby', 'Seven Lanterns', 'Quiet Engines'], idField: 'movie_id', providers: ['cinedb', 'flickbase'], endpoints: [
    { key: 'movie_details', title: 'Movie Details', returns: 'runtime, release year, genres and ratings of a film', answer: { field: 'runtime_min', words: 'runtime in minutes', kind: 'number' } },
    { key: 'movie_cast', title: 'Cast and Crew', returns: 'the cast with character names and the director', answer: { field: 'director', words: 'director', kind: 'word' } },
    { key: 'streaming_availability', title: 'Streaming Availability', returns: 'which streaming services offer a film in a country', param: country, answer: { field: 'service', words: 'streaming service that offers it', kind: 'word' } },
    { key: 'box_office', title: 'Box Office', returns: 'worldwide and domestic gross of a film', answer: { field: 'gross_musd', words: 'worldwide gross in millions of dollars', kind: 'number' } },
  ] },
  { domain: 'music', entity: 'artist', names: ['Luna Vale', 'The Copper Kites', 'Marco Diallo', 'Northbound Choir', 'Yara Kessler', 'Static Gardens'], idField: 'artist_id', providers: ['tunegraph', 'soundindex'], endpoints: [
    { key: 'artist_top_tracks', title: 'Artist Top Tracks', returns: 'the most played tracks of an artist with play counts', answer: { field: 'top_track', words: 'most played track', kind: 'word' } },
    { key: 'artist_albums', title: 'Artist Albums', returns: 'the albums of an artist with release years and track counts', answer: { field: 'album_count', words: 'number of albums', kind: 'number' } },
    { key: 'concert_dates', title: 'Upcoming Concerts', returns: 'upcoming concerts with venues and dates', param: country, answer: { field: 'next_venue', words: 'venue of the next concert', kind: 'word' } },
    { key: 'monthly_listeners', title: 'Monthly Listeners', returns: 'monthly listener counts and their trend', answer: { field: 'listeners', words: 'monthly listeners', kind: 'number' } },
  ] },
  { domain: 'sports', entity: 'team', names: ['Harbor City FC', 'Redwood Rangers', 'Valencia Stars', 'Polar Bears HC', 'Sunset Strikers', 'Iron Hill United'], idField: 'team_id', providers: ['scoreline', 'matchcentre'], endpoints: [
    { key: 'team_fixtures', title: 'Team Fixtures', returns: 'upcoming and recent matches of a team with scores', param: year, answer: { field: 'next_opponent', words: 'next opponent', kind: 'word' } },
    { key: 'league_standing', title: 'League Standing', returns: 'the league table position, points and goal difference of a team', param: year, answer: { field: 'position', words: 'league position', kind: 'number' } },
    { key: 'squad_list', title: 'Squad List', returns: 'the players of a team with positions and ages', answer: { field: 'captain', words: 'team captain', kind: 'word' } },
    { key: 'team_statistics', title: 'Team Statistics', returns: 'goals scored, conceded and clean sheets over a season', param: year, answer: { field: 'goals_scored', words: 'goals scored that season', kind: 'number' } },
  ] },
  { domain: 'travel', entity: 'hotel', names: ['Casa Aurora', 'Hotel Meridian Park', 'The Saltwind Inn', 'Kestrel Lodge', 'Villa Onda', 'Grand Tamarind'], idField: 'hotel_id', providers: ['staylist', 'roomscout'], endpoints: [
    { key: 'hotel_details', title: 'Hotel Details', returns: 'address, star rating, amenities and check-in times of a hotel', answer: { field: 'stars', words: 'star rating', kind: 'number' } },
    { key: 'room_rates', title: 'Room Rates', returns: 'nightly rates of available rooms for a date', param: date, answer: { field: 'nightly_rate', words: 'nightly rate', kind: 'number' } },
    { key: 'hotel_reviews', title: 'Guest Reviews', returns: 'guest review scores and recent comments', answer: { field: 'review_score', words: 'guest review score', kind: 'number' } },
    { key: 'nearby_attractions', title: 'Nearby Attractions', returns: 'attractions near a hotel with walking distances', param: { name: 'limit', description: 'most results to return', kind: 'limit' }, answer: { field: 'closest_attraction', words: 'closest attraction', kind: 'word' } },
  ] },
  { domain: 'recipes', entity: 'dish', names: ['green curry', 'mushroom risotto', 'lentil soup', 'fish tacos', 'shakshuka', 'apple crumble'], idField: 'recipe_id', providers: ['chefbase', 'cookwise'], endpoints: [
    { key: 'recipe_nutrition', title: 'Recipe Nutrition', returns: 'calories, protein, fat and carbohydrates per serving', answer: { field: 'calories', words: 'calories per serving', kind: 'number' } },
    { key: 'recipe_ingredients', title: 'Recipe Ingredients', returns: 'the ingredient list with quantities', answer: { field: 'ingredient_count', words: 'number of ingredients', kind: 'number' } },
    { key: 'cooking_time', title: 'Cooking Time', returns: 'preparation and cooking times of a recipe', answer: { field: 'total_minutes', words: 'total time in minutes', kind: 'number' } },
    { key: 'wine_pairing', title: 'Wine Pairing', returns: 'wines that pair well with a dish', answer: { field: 'wine', words: 'suggested wine', kind: 'word' } },
  ] },
  { domain: 'crypto', entity: 'coin', names: ['Solara', 'Nimbus Coin', 'Quartz', 'Ember Token', 'Lumen Cash', 'Tidal'], idField: 'coin_id', providers: ['coinmetric', 'chainwatch'], endpoints: [
    { key: 'coin_price', title: 'Coin Price', returns: 'the current price of a coin in a currency', param: currency, answer: { field: 'price', words: 'current price', kind: 'number' } },
    { key: 'market_cap', title: 'Market Capitalisation', returns: 'market capitalisation, circulating supply and rank', answer: { field: 'rank', words: 'market-cap rank', kind: 'number' } },
    { key: 'price_history', title: 'Price History', returns: 'daily closing prices for a past date range', param: date, answer: { field: 'close', words: 'closing price on that date', kind: 'number' } },
    { key: 'exchange_listings', title: 'Exchange Listings', returns: 'the exchanges that list a coin and their volumes', answer: { field: 'top_exchange', words: 'exchange with the most volume', kind: 'word' } },
  ] },
];

const FORMAT_NOTES = [
  'Responses are JSON objects; missing values are returned as null rather than omitted.',
  'All timestamps are UTC in ISO 8601 format, and numeric values use a dot as the decimal separator.',
  'Results are cached for up to ten minutes, so repeated calls with the same arguments may return identical data.',
  'Errors are returned with an HTTP status code and a short message field explaining the problem.',
];

const PLANS = ['free plan: 60 requests per minute', 'basic plan: 500 requests per day', 'free tier: 1,000 requests per month', 'pro plan: 10 requests per second'];

/** Tool name of an endpoint of a provider, e.g. `skycast_daily_forecast`. */
export const endpointTool = (provider: string, key: string) => `${provider}_${key}`;
/** Tool name of a provider's lookup endpoint, e.g. `skycast_search_city`. */
export const lookupTool = (provider: string, domain: DomainSpec) => `${provider}_search_${domain.entity}`;

function describe(provider: string, title: string, what: string, index: number): string {
  const brand = provider[0].toUpperCase() + provider.slice(1);
  return `${brand} API - ${title}. Returns ${what}. ${FORMAT_NOTES[index % FORMAT_NOTES.length]} Use it in dashboards, assistants and travel or finance apps that need reliable, up-to-date data. Rate limit on the ${PLANS[index % PLANS.length]}.`;
}

/** Every tool of the catalogue: per domain and provider, the lookup endpoint and the detail endpoints. */
export function catalogueTools(): Tool[] {
  const tools: Tool[] = [];
  let index = 0;
  for (const domain of DOMAINS) {
    for (const provider of domain.providers) {
      tools.push({
        name: lookupTool(provider, domain),
        description: describe(provider, `Search ${domain.entity}`, `matching ${domain.entity} records for a name, each with its ${domain.idField} for the other endpoints`, index++),
        category: domain.domain,
        arguments: {
          properties: {
            query: { type: 'string', description: `name of the ${domain.entity} to search for` },
            limit: { type: 'number', description: 'most results to return (default 5)' },
            language: { type: 'string', description: 'language of the results, for example en' },
          },
          required: ['query'],
        },
      });
      for (const endpoint of domain.endpoints) {
        tools.push({
          name: endpointTool(provider, endpoint.key),
          description: describe(provider, endpoint.title, `${endpoint.returns}`, index++),
          category: domain.domain,
          arguments: {
            properties: {
              [domain.idField]: { type: 'string', description: `${domain.idField} from the ${domain.entity} search endpoint` },
              ...(endpoint.param ? { [endpoint.param.name]: { type: endpoint.param.kind === 'days' || endpoint.param.kind === 'year' || endpoint.param.kind === 'limit' ? 'number' : 'string', description: endpoint.param.description } } : {}),
            },
            required: [domain.idField, ...(endpoint.param ? [endpoint.param.name] : [])],
          },
        });
      }
    }
  }
  return tools;
}

/** The tool that ends a query with the answer. */
export const FINISH_TOOL: Tool = {
  name: 'finish',
  description: 'Give the final answer to the user and end the task.',
  arguments: { properties: { answer: { type: 'string', description: 'the final answer' } }, required: ['answer'] },
};
