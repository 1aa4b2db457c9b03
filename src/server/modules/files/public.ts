// What other modules may use of the files module (decision 012); the lint refuses the rest.

/** Its tables another module may name in its own queries (issue 47, decision 043). */
export { fileApprovals, projectFiles } from './schema';
