import { createContext, useContext, useRef, type ReactNode, type RefObject } from 'react';

/**
 * The production banner's arm button (shell/HeaderBanners). Arming lives there, once: a money
 * screen's "Go to arming" (MutationGateNotice) focuses it.
 */
const ArmButtonContext = createContext<RefObject<HTMLButtonElement | null> | null>(null);

export function ArmButtonProvider({ children }: { children: ReactNode }) {
  const armButton = useRef<HTMLButtonElement>(null);
  return <ArmButtonContext.Provider value={armButton}>{children}</ArmButtonContext.Provider>;
}

/** The banner attaches it, the gate focuses it; null outside ArmButtonProvider. */
export function useArmButton(): RefObject<HTMLButtonElement | null> | null {
  return useContext(ArmButtonContext);
}
