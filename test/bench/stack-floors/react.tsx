// The renderer bench's React floor: React DOM renders the lookup box alone (see stack-floors.ts).
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<input data-testid="jump-input" aria-label="Lookup" autoFocus />);
