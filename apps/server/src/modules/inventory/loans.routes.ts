import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createLoanRequestSchema,
  defaultDueQuerySchema,
  defaultDueSchema,
  loanListQuerySchema,
  loanListSchema,
  loanSchema,
  resourceIdParamsSchema,
  returnLoanRequestSchema,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { STAFF, actorOf, requireAuth } from '../../http/auth-guard.ts';
import { borrowItem, getDefaultDue, listLoans, returnLoan } from './loans.service.ts';

export async function loanRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/loans',
    {
      schema: {
        tags: ['resources'],
        summary: 'Loans: every loan for admins, their own for a tanod; overdue first',
        querystring: loanListQuerySchema,
        response: { 200: loanListSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => listLoans(deps, actorOf(request), request.query),
  );

  r.get(
    '/api/loans/default-due',
    {
      schema: {
        tags: ['resources'],
        summary: 'The due time a loan made now gets by default (end of the shift, else 24 hours)',
        querystring: defaultDueQuerySchema,
        response: { 200: defaultDueSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => getDefaultDue(deps, actorOf(request), request.query.borrowerId),
  );

  r.post(
    '/api/loans',
    {
      schema: {
        tags: ['resources'],
        summary: 'Borrow an item (tanod), or issue it to a tanod (admin, with borrowerId)',
        description: 'Answers 409 insufficient_stock when fewer units are available than requested.',
        body: createLoanRequestSchema,
        response: { 201: loanSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request, reply) => reply.code(201).send(await borrowItem(deps, actorOf(request), request.body)),
  );

  r.post(
    '/api/loans/:id/return',
    {
      schema: {
        tags: ['resources'],
        summary: 'Return a loan with its condition (the borrower, or an admin receiving it)',
        params: resourceIdParamsSchema,
        body: returnLoanRequestSchema,
        response: { 200: loanSchema },
      },
      onRequest: requireAuth(deps, STAFF),
    },
    async (request) => returnLoan(deps, actorOf(request), request.params.id, request.body),
  );
}
