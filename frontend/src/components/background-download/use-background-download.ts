import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as transactionRoutes from '@shared/api/routes/transaction-routes';
import type { BackgroundFileAnswer } from '@shared/exports';
import { pollIntervalMs } from '@shared/lists';
import { callApi } from '@frontend/lib/http';
import { saveFromLink } from '@frontend/lib/save-blob';

/**
 * SPEC section 4 "Background export": where one download is. `counting`: the file is being made, `secondsLeft` ticks
 * each second while availability is polled each second; `started`: the file was fetched and handed to the browser;
 * `emailed`: no file id came back, or the countdown ended first, so the file comes by e-mail.
 */
export type BackgroundDownloadState =
  | { step: 'idle' }
  | { step: 'requesting' }
  | { step: 'counting'; fileId: string; secondsLeft: number }
  | { step: 'fetching'; fileId: string }
  | { step: 'started'; fileName: string }
  | { step: 'emailed'; email: string | null };

export interface BackgroundDownload {
  state: BackgroundDownloadState;
  /** Asks for a file; the request answers as SPEC section 3 "Background file response". */
  start: (request: () => Promise<BackgroundFileAnswer>) => void;
  /** Picks up a file already asked for (the link in the ready e-mail). */
  resume: (fileId: string) => void;
  close: () => void;
}

async function fetchFile(fileId: string): Promise<string> {
  const file = await callApi(transactionRoutes.getExportFile, { params: { fileId } });
  await saveFromLink(file.url, file.fileName);
  return file.fileName;
}

export function useBackgroundDownload(): BackgroundDownload {
  const [state, setState] = useState<BackgroundDownloadState>({ step: 'idle' });
  // Each download has its own generation: answers of one the user closed are dropped.
  const generation = useRef(0);

  const close = useCallback(() => {
    generation.current += 1;
    setState({ step: 'idle' });
  }, []);

  const start = useCallback((request: () => Promise<BackgroundFileAnswer>) => {
    const mine = (generation.current += 1);
    setState({ step: 'requesting' });
    request().then(
      (answer) => {
        if (generation.current !== mine) return;
        if (answer.fileId && answer.timeRemaining !== undefined) setState({ step: 'counting', fileId: answer.fileId, secondsLeft: answer.timeRemaining });
        else setState({ step: 'emailed', email: answer.descriptionValues?.email ?? null });
      },
      // SPEC section 4: a failure only clears the downloading state.
      () => {
        if (generation.current === mine) setState({ step: 'idle' });
      },
    );
  }, []);

  const resume = useCallback((fileId: string) => {
    generation.current += 1;
    setState({ step: 'counting', fileId, secondsLeft: 0 });
  }, []);

  const counting = state.step === 'counting' ? state : null;
  const fileId = counting?.fileId ?? null;
  const secondsLeft = counting?.secondsLeft ?? null;

  // The countdown: one tick a second; at zero without the file, the e-mail notice.
  useEffect(() => {
    if (fileId === null || secondsLeft === null) return;
    const timer = window.setTimeout(() => {
      setState((current) => {
        if (current.step !== 'counting' || current.fileId !== fileId) return current;
        return current.secondsLeft <= 0 ? { step: 'emailed', email: null } : { ...current, secondsLeft: current.secondsLeft - 1 };
      });
    }, pollIntervalMs);
    return () => window.clearTimeout(timer);
  }, [fileId, secondsLeft]);

  // Availability, polled each second while counting; when available the file is fetched as a blob.
  useEffect(() => {
    if (fileId === null) return;
    const mine = generation.current;
    let stopped = false;
    let timer: number | undefined;
    const poll = async () => {
      try {
        const { available } = await callApi(transactionRoutes.getExportAvailability, { params: { fileId } });
        if (stopped || generation.current !== mine) return;
        if (available) {
          setState({ step: 'fetching', fileId });
          const fileName = await fetchFile(fileId);
          if (generation.current === mine) setState({ step: 'started', fileName });
          return;
        }
      } catch {
        if (generation.current === mine) setState({ step: 'idle' });
        return;
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), pollIntervalMs);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [fileId]);

  return { state, start, resume, close };
}

/** The ready e-mail links to the list's screen with `?download=<fileId>`: the download picks up where it was. */
export function useDownloadFromLink(download: BackgroundDownload): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedFile = searchParams.get('download');
  const { resume } = download;
  useEffect(() => {
    if (!linkedFile) return;
    resume(linkedFile);
    setSearchParams({}, { replace: true });
  }, [linkedFile, resume, setSearchParams]);
}
