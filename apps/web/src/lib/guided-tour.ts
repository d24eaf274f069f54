/**
 * Guided tours (spec 000 §2): one per area (home first; bill payments, approvals and invoices as those
 * areas land), drawn by driver.js. A tour starts 250 ms after its page shows, only when
 * `GET /user/tour-status` says the user has not completed it; finishing or closing it is saved with
 * `POST /user/tour-status {tour, completed: true}`. Leaving the page mid-tour does not count.
 */
import { GUIDED_TOURS, type GuidedTour, TOUR_START_DELAY_MS } from '@ferry/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Driver, DriveStep } from 'driver.js';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { api } from './api-client';

export type { DriveStep as TourStep } from 'driver.js';

/** Which tours the user has completed; a tour the server does not mention counts as not completed. */
const tourStatusSchema = z.record(z.string(), z.boolean());
export type TourStatus = Partial<Record<GuidedTour, boolean>>;

export const TOUR_STATUS_QUERY_KEY = ['user', 'tour-status'] as const;

/** `GET /user/tour-status`. */
export const getTourStatus = async (signal?: AbortSignal): Promise<TourStatus> =>
  api.get('/user/tour-status', { schema: tourStatusSchema, ...(signal ? { signal } : {}) });

/** `POST /user/tour-status`. */
export const saveTourStatus = (input: { tour: GuidedTour; completed: boolean }): Promise<TourStatus> =>
  api.post('/user/tour-status', input, { schema: tourStatusSchema });

export const tourStatusQueryOptions = () =>
  queryOptions({
    queryKey: TOUR_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => getTourStatus(signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
  });

export type UseGuidedTourOptions = {
  tour: GuidedTour;
  /** The tour's steps; a step whose element is not on the page is skipped. Read when the tour starts. */
  steps: DriveStep[];
  /** False while the page is not ready (still loading): the tour waits. */
  enabled?: boolean;
};

const isKnownTour = (tour: string): tour is GuidedTour => (GUIDED_TOURS as readonly string[]).includes(tour);

const hasElement = (step: DriveStep): boolean => {
  if (!step.element) return true;
  if (typeof step.element === 'string') return document.querySelector(step.element) !== null;
  return true;
};

/** Starts the page's guided tour once (see the file comment). */
export const useGuidedTour = ({ tour, steps, enabled = true }: UseGuidedTourOptions): void => {
  const queryClient = useQueryClient();
  const statusQuery = useQuery({ ...tourStatusQueryOptions(), enabled });
  const save = useMutation({
    mutationFn: saveTourStatus,
    onSuccess: (status) => queryClient.setQueryData(TOUR_STATUS_QUERY_KEY, status),
  });
  const saveRef = useRef(save.mutate);
  saveRef.current = save.mutate;
  const stepsRef = useRef(steps);
  stepsRef.current = steps;

  const isCompleted = statusQuery.data ? statusQuery.data[tour] === true : undefined;

  useEffect(() => {
    if (!enabled || isCompleted !== false || !isKnownTour(tour)) return;
    let instance: Driver | null = null;
    let ended = false;
    // The library downloads while the page settles; the tour starts when both are ready.
    const library = import('./guided-tour-library');
    const timer = setTimeout(async () => {
      const { driver } = await library;
      if (ended) return;
      const available = stepsRef.current.filter(hasElement);
      if (available.length === 0) return;
      const tourDriver = driver({
        steps: available,
        showProgress: available.length > 1,
        progressText: '{{current}} of {{total}}',
        nextBtnText: 'Next',
        prevBtnText: 'Back',
        doneBtnText: 'Done',
        popoverClass: 'ferry-tour',
        stagePadding: 6,
        stageRadius: 10,
        overlayOpacity: 0.55,
        // The person finished or closed the tour (Done, Close, Escape, the overlay): not shown again.
        // Leaving the page ends the tour through `destroy()`, which does not come here.
        onDestroyStarted: () => {
          queryClient.setQueryData<TourStatus>(TOUR_STATUS_QUERY_KEY, (current) => ({
            ...current,
            [tour]: true,
          }));
          saveRef.current({ tour, completed: true });
          tourDriver.destroy();
        },
      });
      instance = tourDriver;
      tourDriver.drive();
    }, TOUR_START_DELAY_MS);
    return () => {
      ended = true;
      clearTimeout(timer);
      if (instance?.isActive()) instance.destroy();
    };
  }, [enabled, isCompleted, tour, queryClient]);
};
