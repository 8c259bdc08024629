"use client";

import { useEffect, useState } from "react";

/** Below this width (a phone, a narrow embed) the tools fold into a menu and the facts panel moves under the model. */
const NARROW_PX = 640;

/** Whether the element is narrower than NARROW_PX, following its size (the viewer's width, not the window's: embeds vary). */
export function useNarrow(element: React.RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const update = () => setNarrow(el.clientWidth < NARROW_PX);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);
  return narrow;
}
