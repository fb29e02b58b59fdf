/** Environment profiles: which service the console talks to, and how it looks while it does. */
import { method, type ApiOf } from './method';

export const ENVIRONMENT_KINDS = ['local-sandbox', 'testing', 'production'] as const;
export type EnvironmentKind = (typeof ENVIRONMENT_KINDS)[number];

/** The base URL of a local-sandbox profile: the embedded sandbox, whose port is known only at run time. */
export const EMBEDDED_SANDBOX_BASE_URL = 'sandbox:embedded';

/** Colour names of the UI theme. Production is always PRODUCTION_COLOR and no other profile may use it. */
export const ENVIRONMENT_COLORS = [
  'red',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'violet',
  'indigo',
  'gray',
] as const;
export type EnvironmentColor = (typeof ENVIRONMENT_COLORS)[number];
export const PRODUCTION_COLOR = 'red' satisfies EnvironmentColor;

export interface EnvironmentProfile {
  /** Lower-case letters, digits and dashes; stable for the life of the profile. */
  id: string;
  name: string;
  /** Fixed at creation; drives the label and, for production, the colour. */
  kind: EnvironmentKind;
  /** Normalised (no trailing slash), or EMBEDDED_SANDBOX_BASE_URL for the local sandbox. */
  baseUrl: string;
  color: EnvironmentColor;
}

export interface EnvironmentList {
  environments: EnvironmentProfile[];
  activeEnvironmentId: string;
}

export interface EnvironmentAddInput {
  name: string;
  kind: EnvironmentKind;
  /** Required for testing and production; a local-sandbox profile always uses the embedded sandbox. */
  baseUrl?: string;
  /** Defaults by kind; production is always PRODUCTION_COLOR. */
  color?: EnvironmentColor;
}

export interface EnvironmentUpdateInput {
  id: string;
  name?: string;
  baseUrl?: string;
  color?: EnvironmentColor;
}

export interface EnvironmentUpdated {
  environment: EnvironmentProfile;
  /** The base URL moved to another host, so the stored credentials were cleared: ask for them again. */
  credentialsCleared: boolean;
}

export interface EnvironmentRemoved {
  removedId: string;
  activeEnvironmentId: string;
  /** False only when removal was forced while the keychain could not be reached. */
  credentialsCleared: boolean;
}

export const ENVIRONMENT_METHODS = {
  listEnvironments: method<Record<string, never>, EnvironmentList>(),

  addEnvironment: method<EnvironmentAddInput, EnvironmentProfile>(),

  updateEnvironment: method<EnvironmentUpdateInput, EnvironmentUpdated>(),

  /** A production profile is removed only with its name typed exactly (`typedName`), as arming asks. */
  removeEnvironment: method<{ id: string; typedName?: string }, EnvironmentRemoved>(),

  useEnvironment: method<{ id: string }, EnvironmentList>(),
};
export type EnvironmentsApi = ApiOf<typeof ENVIRONMENT_METHODS>;
