import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_STORY, STORIES, type Story } from '../../../core/run/stories';
import { findingsOf } from '../../../core/run/lessons';
import { useStore } from '../../store';
import { sameSetup } from '../../setup-differences';
import { clearSpotlight, pointAt } from '../../lessons/lesson-targets';
import { useTimings } from '../../live/timings';
import { durationText, estimateRun } from '../../live/run-estimate';
import { isSimModel } from '../../../core/llm/model-families';

/** The story whose setup is the page's, if any. */
export function activeStory(config = useStore.getState().config): Story | undefined {
  return STORIES.find((story) => sameSetup(story.config, config));
}

interface StoryBarProps {
  /** Sets the story's setup and shows its result: the shipped one for the default story, else a run. */
  onPlay(story: Story): void;
  /** The lessons path is open: its questions must not sit under the answers (issue 42 item 1). */
  lessonsListed?: boolean;
}

/** One-click stories, and what to look at in the one on screen. */
export function StoryBar({ onPlay, lessonsListed = false }: StoryBarProps) {
  const config = useStore((state) => state.config);
  const running = useStore((state) => state.status === 'running');
  const result = useStore((state) => state.result);
  // A lesson asks the class to predict first and says what its run showed itself.
  const lessonOpen = useStore((state) => state.lesson !== undefined);
  // Each story's expected time here, where earlier runs in this browser timed all it runs (issue 42 item 2).
  const timings = useTimings();
  // A lesson at Predict: the story's lead (what to look at, what the paper found) hints at the answer, so it waits too.
  const predicting = useStore((state) => state.lesson !== undefined && !state.lessonStarted);
  const current = activeStory(config);
  // The story's result on screen: its setup, finished (the shipped one, an opened or a stored one, or its run).
  const shown = Boolean(current && result && !running && sameSetup(result.config, current.config));
  const findings = useMemo(() => (shown && current && result ? findingsOf(current.measures, result.results) : undefined), [shown, current, result]);
  // The story last played from this bar, and how many times (a second click points again).
  const [played, setPlayed] = useState<{ id: string; times: number }>();
  useEffect(() => {
    if (!played) return;
    if (current?.id !== played.id) {
      // Setup moved away from the story: its outline goes with it.
      clearSpotlight();
      setPlayed(undefined);
      return;
    }
    // Outlined as a lesson outlines its target (lesson-targets.ts), once the story's result is on screen.
    if (shown) return pointAt(current.look);
  }, [played, current, shown]);
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
            if (running) return;
            clearSpotlight();
            setPlayed((before) => ({ id: story.id, times: (before?.id === story.id ? before.times : 0) + 1 }));
            onPlay(story);
          }}
        >
          {story.title}
          {story.id === DEFAULT_STORY.id ? ' (shipped)' : ''}
          {(() => {
            const ms = isSimModel(story.config.model) ? estimateRun(story.config, timings).ms : undefined;
            return ms === undefined ? null : (
              <span className="story-time" data-testid={`story-time-${story.id}`}>
                {' '}
                &middot; about {durationText(ms)}
              </span>
            );
          })()}
        </button>
      ))}
      {current && (
        <div className="story-lead" data-testid="story-lead">
          <p>
            <strong>
              {current.title}
              {current.title.endsWith('?') ? '' : '.'}
            </strong>{' '}
            {predicting ? (
              <span className="muted" data-testid="story-lead-waits">
                What to look at shows when the lesson runs.
              </span>
            ) : (
              <span data-testid="story-lead-text">{current.lead}</span>
            )}{' '}
            <span className="muted">
              ({current.config.tasks} tasks &times; {current.config.seeds} seeds.)
            </span>
          </p>
          {findings && !lessonOpen && !lessonsListed && (
            <div className="story-findings" data-testid="story-findings">
              <strong>What this result shows</strong> <span className="muted small">
                ({result?.model.simulated ? 'simulated model, not a real LLM' : result?.model.label}; paired 95% intervals, a direction only where the interval excludes 0):
              </span>
              <ul>
                {findings.map((finding) => (
                  <li key={finding.brief} data-direction={finding.direction}>
                    {finding.brief}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </nav>
  );
}
