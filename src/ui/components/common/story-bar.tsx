import { DEFAULT_STORY, STORIES, type Story } from '../../../core/run/stories';
import { useStore } from '../../store';
import { sameSetup } from '../../setup-differences';

/** The story whose setup is the page's, if any. */
export function activeStory(config = useStore.getState().config): Story | undefined {
  return STORIES.find((story) => sameSetup(story.config, config));
}

interface StoryBarProps {
  /** Sets the story's setup and shows its result: the shipped one for the default story, else a run. */
  onPlay(story: Story): void;
}

/** One-click stories, and what to look at in the one on screen. */
export function StoryBar({ onPlay }: StoryBarProps) {
  const config = useStore((state) => state.config);
  const running = useStore((state) => state.status === 'running');
  const current = activeStory(config);
  return (
    <nav className="story-bar" aria-label="Stories">
      <span className="story-bar-title">Stories:</span>
      {STORIES.map((story) => (
        <button
          key={story.id}
          type="button"
          className={`story-button${current?.id === story.id ? ' active' : ''}`}
          data-testid={`story-${story.id}`}
          aria-pressed={current?.id === story.id}
          // Not `disabled`: a story pressed with Enter starts a run, and a button disabled under the
          // focus drops it to the page's body; aria-disabled keeps it where it was.
          aria-disabled={running || undefined}
          onClick={() => {
            if (!running) onPlay(story);
          }}
        >
          {story.title}
          {story.id === DEFAULT_STORY.id ? ' (shipped)' : ''}
        </button>
      ))}
      {current && (
        <p className="story-lead" data-testid="story-lead">
          <strong>{current.title}.</strong> {current.lead}{' '}
          <span className="muted">
            ({current.config.tasks} tasks &times; {current.config.seeds} seeds.)
          </span>
        </p>
      )}
    </nav>
  );
}
