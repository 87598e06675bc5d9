import { create } from 'zustand';

interface ColumnChoice {
  /** Columns the reader showed (true) or hid (false) in the picker; the others follow their default. */
  choice: Record<string, boolean>;
  set(column: string, shown: boolean): void;
  reset(): void;
}

/** The means table's column choice, kept while the table leaves the screen (another view, a run). */
export const useColumnChoice = create<ColumnChoice>((set) => ({
  choice: {},
  set: (column, shown) => set((state) => ({ choice: { ...state.choice, [column]: shown } })),
  reset: () => set({ choice: {} }),
}));
