/**
 * The words of the household world (after ALFWorld's object and receptacle classes): which rooms hold
 * which receptacles and objects, where each object class may lie, and what can be done to it.
 */

/** The kinds of room a layout can be. */
export type RoomKind = 'kitchen' | 'livingroom' | 'bedroom' | 'bathroom';

/** The room kinds, in a fixed order. */
export const ROOM_KINDS: readonly RoomKind[] = ['kitchen', 'livingroom', 'bedroom', 'bathroom'];

/** What a room of one kind contains. */
export interface RoomPlan {
  /** Receptacle classes and how many of each a layout has, as `[min, max]`. */
  receptacles: Record<string, [number, number]>;
  /** Object classes that may appear in the room. */
  objects: string[];
  /** Lamp classes (toggleable, not takeable) and the receptacle classes they stand on. */
  lamps: Record<string, string[]>;
}

/** The plans of the room kinds. */
export const ROOMS: Record<RoomKind, RoomPlan> = {
  kitchen: {
    receptacles: {
      cabinet: [3, 7], coffeemachine: [1, 1], countertop: [1, 2], diningtable: [1, 1], drawer: [2, 4], fridge: [1, 1],
      garbagecan: [1, 1], microwave: [1, 1], shelf: [0, 2], sinkbasin: [1, 1], stoveburner: [2, 4], toaster: [1, 1],
    },
    objects: [
      'apple', 'bowl', 'bread', 'butterknife', 'cup', 'dishsponge', 'egg', 'fork', 'kettle', 'knife', 'ladle', 'lettuce', 'mug',
      'pan', 'peppershaker', 'plate', 'pot', 'potato', 'saltshaker', 'soapbottle', 'spatula', 'spoon', 'tomato', 'winebottle',
    ],
    lamps: {},
  },
  livingroom: {
    receptacles: {
      armchair: [1, 2], cabinet: [1, 3], coffeetable: [1, 1], drawer: [2, 4], dresser: [0, 1], garbagecan: [1, 1], safe: [0, 1],
      shelf: [1, 3], sidetable: [1, 2], sofa: [1, 1], tvstand: [1, 1],
    },
    objects: ['book', 'box', 'cellphone', 'creditcard', 'keychain', 'laptop', 'newspaper', 'pillow', 'remotecontrol', 'statue', 'tissuebox', 'vase', 'watch'],
    lamps: { floorlamp: ['sidetable'] },
  },
  bedroom: {
    receptacles: {
      armchair: [0, 1], bed: [1, 1], desk: [1, 2], drawer: [2, 5], dresser: [1, 1], garbagecan: [1, 1], laundryhamper: [0, 1],
      safe: [0, 1], shelf: [2, 4], sidetable: [1, 2],
    },
    objects: ['alarmclock', 'book', 'bowl', 'cd', 'cellphone', 'cloth', 'creditcard', 'keychain', 'laptop', 'mug', 'pen', 'pencil', 'pillow', 'watch'],
    lamps: { desklamp: ['desk', 'sidetable'] },
  },
  bathroom: {
    receptacles: {
      bathtubbasin: [1, 1], cabinet: [2, 4], countertop: [1, 1], drawer: [1, 3], garbagecan: [1, 1], handtowelholder: [1, 1],
      shelf: [0, 2], sinkbasin: [1, 2], toilet: [1, 1], toiletpaperhanger: [1, 1], towelholder: [1, 1],
    },
    objects: ['candle', 'cloth', 'soapbar', 'soapbottle', 'spraybottle', 'tissuebox', 'toiletpaper'],
    lamps: {},
  },
};

const FOOD = ['countertop', 'diningtable', 'fridge', 'garbagecan', 'microwave'];
const DISH = ['cabinet', 'countertop', 'diningtable', 'fridge', 'shelf', 'sinkbasin'];
const CUTLERY = ['countertop', 'diningtable', 'drawer', 'sinkbasin'];
const SMALL = ['desk', 'drawer', 'dresser', 'shelf', 'sidetable'];

/** The receptacle classes an object class may lie in or on (over all rooms). */
export const PLACES: Record<string, string[]> = {
  alarmclock: ['desk', 'dresser', 'shelf', 'sidetable'],
  apple: FOOD,
  book: ['bed', 'coffeetable', 'desk', 'shelf', 'sidetable', 'sofa'],
  bowl: [...DISH, 'desk', 'microwave'],
  box: ['armchair', 'cabinet', 'coffeetable', 'dresser', 'shelf', 'sidetable', 'sofa', 'tvstand'],
  bread: ['cabinet', 'countertop', 'diningtable', 'fridge'],
  butterknife: CUTLERY,
  candle: ['bathtubbasin', 'cabinet', 'countertop', 'drawer', 'shelf', 'toilet'],
  cd: [...SMALL, 'garbagecan', 'safe'],
  cellphone: ['armchair', 'bed', 'desk', 'drawer', 'dresser', 'safe', 'sidetable', 'sofa'],
  cloth: ['bathtubbasin', 'cabinet', 'countertop', 'drawer', 'dresser', 'laundryhamper', 'sinkbasin', 'toilet'],
  creditcard: [...SMALL, 'armchair', 'coffeetable', 'safe', 'sofa'],
  dishsponge: ['cabinet', 'countertop', 'drawer', 'garbagecan', 'sinkbasin'],
  egg: FOOD,
  fork: CUTLERY,
  keychain: [...SMALL, 'coffeetable', 'safe', 'sofa', 'tvstand'],
  kettle: ['cabinet', 'countertop', 'shelf', 'stoveburner'],
  knife: CUTLERY,
  ladle: CUTLERY,
  laptop: ['bed', 'coffeetable', 'desk', 'sidetable', 'sofa'],
  lettuce: ['countertop', 'diningtable', 'fridge', 'garbagecan'],
  mug: [...DISH, 'coffeemachine', 'desk', 'microwave'],
  newspaper: ['armchair', 'coffeetable', 'garbagecan', 'shelf', 'sidetable', 'sofa'],
  pan: ['cabinet', 'countertop', 'fridge', 'sinkbasin', 'stoveburner'],
  pen: [...SMALL, 'garbagecan'],
  pencil: [...SMALL, 'garbagecan'],
  peppershaker: ['cabinet', 'countertop', 'diningtable', 'drawer', 'shelf'],
  pillow: ['armchair', 'bed', 'sofa'],
  plate: DISH,
  pot: ['cabinet', 'countertop', 'fridge', 'shelf', 'stoveburner'],
  potato: FOOD,
  remotecontrol: ['armchair', 'coffeetable', 'drawer', 'dresser', 'sidetable', 'sofa', 'tvstand'],
  saltshaker: ['cabinet', 'countertop', 'diningtable', 'drawer', 'shelf'],
  soapbar: ['bathtubbasin', 'cabinet', 'countertop', 'garbagecan', 'shelf', 'sinkbasin', 'toilet'],
  soapbottle: ['cabinet', 'countertop', 'garbagecan', 'shelf', 'toilet'],
  spatula: CUTLERY,
  spoon: CUTLERY,
  spraybottle: ['cabinet', 'countertop', 'garbagecan', 'shelf', 'toilet'],
  statue: ['cabinet', 'coffeetable', 'dresser', 'shelf', 'sidetable', 'tvstand'],
  tissuebox: ['cabinet', 'coffeetable', 'countertop', 'dresser', 'shelf', 'sidetable', 'toilet'],
  toiletpaper: ['cabinet', 'countertop', 'garbagecan', 'shelf', 'toilet', 'toiletpaperhanger'],
  tomato: FOOD,
  vase: ['cabinet', 'coffeetable', 'dresser', 'safe', 'shelf', 'sidetable', 'tvstand'],
  watch: [...SMALL, 'coffeetable', 'safe', 'tvstand'],
  winebottle: ['cabinet', 'countertop', 'diningtable', 'fridge', 'garbagecan', 'shelf'],
};

/** Receptacle classes that open and close; they start closed and hide their contents while closed. */
export const OPENABLE: ReadonlySet<string> = new Set(['cabinet', 'drawer', 'fridge', 'microwave', 'safe']);

/** Object classes a task may ask to clean at a sinkbasin. */
export const CLEANABLE: readonly string[] = [
  'apple', 'bowl', 'butterknife', 'cloth', 'cup', 'dishsponge', 'egg', 'fork', 'knife', 'ladle', 'lettuce', 'mug', 'pan', 'plate',
  'pot', 'potato', 'soapbar', 'spatula', 'spoon', 'tomato',
];

/** Object classes a task may ask to heat with a microwave. */
export const HEATABLE: readonly string[] = ['apple', 'bread', 'cup', 'egg', 'mug', 'plate', 'potato', 'tomato'];

/** Object classes a task may ask to cool with a fridge. */
export const COOLABLE: readonly string[] = ['apple', 'bowl', 'bread', 'cup', 'lettuce', 'mug', 'pan', 'plate', 'pot', 'potato', 'tomato', 'winebottle'];

/** Object classes a task may ask to look at under a lamp. */
export const LOOKABLE: readonly string[] = [
  'alarmclock', 'book', 'bowl', 'box', 'cd', 'cellphone', 'creditcard', 'keychain', 'laptop', 'mug', 'newspaper', 'pen', 'pencil',
  'pillow', 'remotecontrol', 'statue', 'tissuebox', 'vase', 'watch',
];

/** The receptacle classes where the agent cleans, heats and cools things. */
export const STATIONS = { clean: ['sinkbasin'], heat: ['microwave', 'stoveburner'], cool: ['fridge'] } as const;

/** Receptacle classes whose things are listed with "on" (surfaces); the rest are "in". */
const SURFACES = new Set([
  'armchair', 'bed', 'coffeetable', 'countertop', 'desk', 'diningtable', 'dresser', 'shelf', 'sidetable', 'sofa', 'stoveburner',
  'toilet', 'tvstand',
]);

/** "in" or "on": how a goal names putting something into a receptacle of that class. */
export function prepositionOf(receptacleClass: string): 'in' | 'on' {
  return SURFACES.has(receptacleClass) ? 'on' : 'in';
}

/** The class of a numbered name: `apple` for `apple 2`. */
export function classOf(name: string): string {
  return name.replace(/\s+\d+$/, '');
}
