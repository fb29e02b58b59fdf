// The renderer bench's React + Mantine floor: Mantine's provider and text input alone, their
// styles as the app gets them (see stack-floors.ts).
import { MantineProvider, TextInput } from '@mantine/core';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <MantineProvider>
      <TextInput data-testid="jump-input" label="Lookup" autoFocus />
    </MantineProvider>,
  );
