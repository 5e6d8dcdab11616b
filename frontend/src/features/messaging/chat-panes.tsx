import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery } from '@frontend/lib/use-media-query';

/** Below this width one pane shows at a time: the list, or the chat with a way back. */
export const narrowPanesQuery = '(max-width: 767px)';

/**
 * The messaging screens' two panes: the chat list on the left and the open chat (or a new one) on the right; on a
 * narrow screen only the one in use. Opening a chat there moves the focus to it, since the list it came from is gone.
 */
export function ChatPanes({ list, detail, detailOpen }: { list: ReactNode; detail: ReactNode; detailOpen: boolean }) {
  const narrow = useMediaQuery(narrowPanesQuery);
  const detailRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (narrow && detailOpen) detailRef.current?.focus();
  }, [narrow, detailOpen]);
  return (
    <div className={`chat-panes${detailOpen ? ' chat-panes--detail' : ''}`}>
      <div className="chat-panes__list">{list}</div>
      <div className="chat-panes__detail" ref={detailRef} tabIndex={-1}>
        {detail}
      </div>
    </div>
  );
}
