import { defineResource, navEntry } from './resource';

/**
 * Requests (issue 38 §2, decision 0049): what a resident or a staff member asks of the property — a new or changed
 * permit, a spot or reservation change, a visitor-limit exception, a document, a question. Staff work them in the
 * queue (/requests): status, assignee, replies to the requester and internal notes; the requester follows their own
 * (/my-requests; residents on the /my API, staff holding my-requests.*). Its type is picked from the request types
 * catalog (catalogs/request-types.ts).
 */
/** SPEC §4's generic statuses: created → in process → done, or canceled, or paused (and back in process). */
export const REQUEST_STATUSES = ['created', 'in-process', 'paused', 'done', 'canceled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The statuses staff may move a request to from each; done and canceled are closed (staff may reopen). */
export const REQUEST_MOVES: Record<RequestStatus, readonly RequestStatus[]> = {
  created: ['in-process', 'paused', 'done', 'canceled'],
  'in-process': ['paused', 'done', 'canceled'],
  paused: ['in-process', 'done', 'canceled'],
  done: ['in-process'],
  canceled: ['in-process'],
};
/** Still to be worked (the queue's default view, and what a requester may still cancel). */
export const REQUEST_OPEN_STATUSES: readonly RequestStatus[] = ['created', 'in-process', 'paused'];

/**
 * Records a request may stand for, made elsewhere (decision 0049): a permit a resident asked for on /my/permits is
 * also a request of type `permit` in the queue, closed by the permit's decision.
 */
export const REQUEST_LINK_ENTITIES = ['permits'] as const;
export type RequestLinkEntity = (typeof REQUEST_LINK_ENTITIES)[number];

export const REQUEST_SUBJECT_MAX = 200;
export const REQUEST_TEXT_MAX = 5000;
/** Attachments: the upload policy's files, at most this many per request. */
export const REQUEST_FILES_MAX = 5;
export const REQUEST_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * Who works requests: told of a new one (notification `requestNew`) and may be its assignee — active staff of the
 * property whose role holds both.
 */
export const REQUEST_WORKER_PERMISSIONS = ['requests.index', 'requests.edit'] as const;

/** GET /requests (staff) and the requester's own lists. */
export const requestsListQuery = {
  filters: ['status', 'typeId', 'assigneeId', 'open'],
  sorts: ['createdAt', 'updatedAt', 'status'],
  includes: [],
  defaultSort: '-createdAt',
} as const;

export const requestsResource = defineResource({
  name: 'requests',
  actions: ['index', 'show', 'create', 'edit'],
  routes: { '/requests': 'index', '/requests/$requestId/show': 'show' },
  nav: [navEntry('overview', '/requests', 'requests')],
  audited: { requests: { record: '/requests/{id}/show' } },
  // The work panel's assignee picker (whoever may assign), the desk's resident picker (whoever writes one down), and
  // the types (the queue's filter and the desk's form).
  options: { 'request-workers': ['edit'], residents: ['create'], 'request-types': ['index', 'create'] },
});

export const myRequestsResource = defineResource({
  name: 'my-requests',
  actions: ['index', 'create'],
  routes: { '/my-requests': 'index', '/my-requests/$requestId/show': 'index' },
  // The same screens for residents (RESIDENT_ROUTES; their calls go to /my/requests) and staff.
  nav: [navEntry('overview', '/my-requests', 'myRequests')],
});
