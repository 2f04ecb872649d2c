// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedCompletion } from './completion-queue.ts';
import { currentQueue, EMPTY_QUEUE, publishQueue, useCompletionQueue } from './completion-snapshot.ts';

const waitingLesson = { key: 'run-1', state: 'waiting' } as QueuedCompletion;

/** A screen that reads the queue and counts how often it is drawn. */
function renderQueueReader() {
  const drawn: number[] = [];
  function QueueReader() {
    const queue = useCompletionQueue();
    drawn.push(queue.waiting.length);
    return null;
  }
  render(<QueueReader />);
  return drawn;
}

afterEach(() => {
  cleanup();
  publishQueue(EMPTY_QUEUE);
});

describe('the completion queue as the screens see it', () => {
  it("draws nothing again when the device's queue arrives empty, as it does on every load", () => {
    const drawn = renderQueueReader();
    act(() => publishQueue({ waiting: [], refused: [] }));
    expect(currentQueue()).toBe(EMPTY_QUEUE);
    expect(drawn).toEqual([0]);
  });

  it('draws again when a run is waiting, and again when the queue empties', () => {
    const drawn = renderQueueReader();
    act(() => publishQueue({ waiting: [waitingLesson], refused: [] }));
    act(() => publishQueue({ waiting: [], refused: [] }));
    expect(drawn).toEqual([0, 1, 0]);
  });
});
