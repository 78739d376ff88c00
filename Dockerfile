# The production image: the API (backend/dist/main.js) or the worker (backend/dist/worker.js).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY api-client/package.json api-client/
COPY widgets/package.json widgets/
COPY admin-web/package.json admin-web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/widgets/dist widgets/dist
COPY --from=build /app/admin-web/dist admin-web/dist
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
