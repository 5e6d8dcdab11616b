import type { ReactNode } from 'react';
import type { BackgroundFileAnswer } from '@shared/exports';
import type { BackgroundDownload } from './use-background-download';

/** A list's CSV download (SPEC section 4): asks for the file as the list is filtered now; one download at a time. */
export function BackgroundDownloadButton({ download, request, children }: { download: BackgroundDownload; request: () => Promise<BackgroundFileAnswer>; children: ReactNode }) {
  return (
    <button type="button" className="button button--secondary" disabled={download.state.step !== 'idle'} onClick={() => download.start(request)}>
      {children}
    </button>
  );
}
