// The notes module's public face: highlights and notes.
export { notesService, type NotesService } from './notes.service.js';
export { notesRoutes } from './notes.routes.js';
