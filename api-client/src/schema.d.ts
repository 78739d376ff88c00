/**
 * The shop's API types, generated from its description (/api/docs-json) by `npm run api:types`.
 * Do not edit: change the zod schemas in the backend and run it again (a test fails while this file is stale).
 */

export interface paths {
    "/api/admin/abandoned-carts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecoveryController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminDashboardController_dashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/discounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminDiscountsController_list"];
        put?: never;
        post: operations["AdminDiscountsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/discounts/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminDiscountsController_one"];
        put?: never;
        post?: never;
        delete: operations["AdminDiscountsController_remove"];
        options?: never;
        head?: never;
        patch: operations["AdminDiscountsController_change"];
        trace?: never;
    };
    "/api/admin/history/{streamType}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HistoryController_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminIncidentsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/incidents/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminIncidentsController_resolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/local-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminLocalEventsController_list"];
        put?: never;
        post: operations["AdminLocalEventsController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/local-events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AdminLocalEventsController_remove"];
        options?: never;
        head?: never;
        patch: operations["AdminLocalEventsController_change"];
        trace?: never;
    };
    "/api/admin/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MailOutboxController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/mail/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["MailOutboxController_one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminOrdersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminOrdersController_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/fulfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminOrdersController_fulfil"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/fulfilment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminOrdersController_fulfilment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminOrdersController_notes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/orders/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminOrdersController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OutboxController_outbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox/retry-dead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["OutboxController_retryDead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminProductsController_list"];
        put?: never;
        post: operations["AdminProductsController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["AdminProductsController_change"];
        trace?: never;
    };
    "/api/admin/products/{id}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AdminProductsController_setStock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/products/{id}/variants/{variantId}/stock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AdminProductsController_setVariantStock"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/recovery/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecoveryController_funnel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSettingsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["AdminSettingsController_change"];
        trace?: never;
    };
    "/api/admin/square/books-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSquareBooksController_booksCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stock-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminStockAlertsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/stock-alerts/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminStockAlertsController_dismiss"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSubscribersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/subscribers.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSubscribersController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sync-square": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CatalogSyncController_progress"];
        put?: never;
        post: operations["CatalogSyncController_sync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/test-cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RecoveryController_testCart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminImagesController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_start"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_user"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CartController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{cartId}/abandon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RecoveryController_abandon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{cartId}/clear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CartController_clear"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{cartId}/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["CartController_giveContact"];
        trace?: never;
    };
    "/api/cart/{cartId}/handover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CartHandOverController_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{cartId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CartController_addItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{cartId}/recovery-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RecoveryController_recoveryEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CartController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/handover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CartHandOverController_follow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cart/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["CartController_putQuantity"];
        post?: never;
        delete: operations["CartController_removeItem"];
        options?: never;
        head?: never;
        patch: operations["CartController_patchQuantity"];
        trace?: never;
    };
    "/api/cart/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["RecoveryPagesController_restore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ProductsController_categories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/checkout/discount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CheckoutController_checkDiscount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/instagram/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["InstagramController_posts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/instagram/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["InstagramController_profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/local-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["LocalEventsController_upcoming"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/local-events/{id}.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["LocalEventsController_calendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["NewsletterController_subscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/newsletter/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["NewsletterController_unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/order-status/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["OrderStatusController_status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/orders/send-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CheckoutController_sendConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ProductsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ProductsController_one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/{id}/variants/{variantId}/notify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["BackInStockController_notify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shipping/rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ShippingController_rates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/site": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SiteController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/square/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SquareConfigController_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/square/process-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CheckoutController_processPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/square/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SquareWebhooksController_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/back-in-stock/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BackInStockPagesController_askToConfirm"];
        put?: never;
        post: operations["BackInStockPagesController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/back-in-stock/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["BackInStockPagesController_askToLeave"];
        put?: never;
        post: operations["BackInStockPagesController_leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cart/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecoveryPagesController_open"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["UnsubscribePageController_confirm"];
        put?: never;
        post: operations["UnsubscribePageController_unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recovery/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RecoveryPagesController_confirm"];
        put?: never;
        post: operations["RecoveryPagesController_unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AbandonedCart: {
            /** Format: date-time */
            abandonedAt: string | null;
            customerEmail: string;
            customerName: string | null;
            emailSent: boolean;
            /** Format: uuid */
            id: string;
            idleMinutes: number;
            items: {
                /** Format: uuid */
                id: string;
                imageUrl: string;
                name: string;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                price: string;
                productId: number;
                quantity: number;
                variantId: string;
                variantName: string;
            }[];
            /** Format: date-time */
            lastActivityAt: string;
            recoveryEmailCount: number;
            /** @description How many emails the recovery sequence sends in all */
            sequenceLength: number;
            sessionId: string;
            /** @enum {string} */
            state: "waiting" | "emailed" | "recovered" | "bought" | "opted-out";
            /** @description A decimal amount in dollars, e.g. "68.00" */
            totalAmount: string;
        };
        AdminDiscount: {
            /** @description An automatic sale: no code to type, the sale price shown on the shelf */
            automatic: boolean;
            categories: string[];
            code: string;
            /** @description It also applies to items on an automatic sale */
            combines: boolean;
            /**
             * Format: date-time
             * @description null: a code the shop offers of itself (DARKCIRCLE10), not used or changed yet
             */
            createdAt: string | null;
            description: string;
            /** @description What it took off those orders */
            discounted: string;
            /** Format: date-time */
            endsAt: string | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            minimumSubtotal: string | null;
            oncePerCustomer: boolean;
            productIds: number[];
            /** @description Checkouts holding a use while their payment is under way */
            reserved: number;
            /** @description What the paid orders that used it came to */
            revenue: string;
            /** Format: date-time */
            startsAt: string | null;
            /** @enum {string} */
            status: "scheduled" | "active" | "ended" | "used-up";
            /** @description The studio's time zone, to show the times in */
            timeZone: string;
            /** @enum {string} */
            type: "percentage" | "fixed" | "free-shipping";
            usageLimit: number | null;
            /** @description Paid orders that used it */
            uses: number;
            /** @description Percent off (10) for a percentage, the amount ("5.00") for a fixed discount, null for free shipping */
            value: (number | string) | null;
        };
        AdminLocalEvent: {
            address: string;
            /** @description The event as an .ics file, for "Add to calendar". */
            calendarUrl: string;
            /** Format: date-time */
            endsAt: string | null;
            id: string;
            /** @description The place on a map: the studio's own link, or a map search for the address. */
            mapUrl: string;
            note: string | null;
            past: boolean;
            place: string;
            /** Format: date-time */
            startsAt: string;
            timeZone: string;
            title: string;
        };
        AdminOrder: {
            carrier: string | null;
            /** Format: date-time */
            confirmationSentAt: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string;
            customerName: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            discount: string;
            discountCode: string | null;
            /** @enum {string|null} */
            fulfilledAs: "picked-up" | "shipped" | null;
            /** Format: date-time */
            fulfilledAt: string | null;
            /** @enum {string} */
            fulfillmentMethod: "pickup" | "shipping";
            /** @enum {string} */
            fulfilment: "unfulfilled" | "ready-for-pickup" | "shipped" | "picked-up";
            /** Format: uuid */
            id: string;
            items: {
                name: string;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                price: string;
                productId: number;
                quantity: number;
                variantId: string;
                variantName: string;
            }[];
            orderNumber: string;
            paymentId: string | null;
            pickupNote: string | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            refunded: string;
            refundsPending: number;
            /** @enum {string|null} */
            refundStatus: "partly-refunded" | "refunded" | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            shipping: string;
            shippingAddress: components["schemas"]["ShippingAddress"] | null;
            /** @enum {string} */
            status: "opened" | "charging" | "paid" | "placed" | "failed" | "closed";
            /** @description A decimal amount in dollars, e.g. "68.00" */
            subtotal: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            total: string;
            trackingNumber: string | null;
            trackingUrl: string | null;
        };
        AdminOrderDetail: {
            card: components["schemas"]["PaidCard"] | null;
            carrier: string | null;
            /** Format: date-time */
            confirmationSentAt: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string;
            customerName: string;
            customerNote: string | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            discount: string;
            discountCode: string | null;
            /** @enum {string|null} */
            fulfilledAs: "picked-up" | "shipped" | null;
            /** Format: date-time */
            fulfilledAt: string | null;
            /** @enum {string} */
            fulfillmentMethod: "pickup" | "shipping";
            /** @enum {string} */
            fulfilment: "unfulfilled" | "ready-for-pickup" | "shipped" | "picked-up";
            /** Format: uuid */
            id: string;
            items: {
                imageUrl: string | null;
                itemId: number;
                name: string;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                paid: string;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                price: string;
                productId: number;
                quantity: number;
                refundedQuantity: number;
                refundValues: string[];
                variantId: string;
                variantName: string;
            }[];
            nextSteps: ("ready-for-pickup" | "shipped" | "picked-up")[];
            orderNumber: string;
            paymentId: string | null;
            pickupNote: string | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            refundable: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            refunded: string;
            refunds: {
                /** @description A decimal amount in dollars, e.g. "68.00" */
                amount: string;
                failure: {
                    code: string;
                    message: string;
                } | null;
                lines: {
                    itemId: number;
                    quantity: number;
                    restock: boolean;
                }[];
                reason: string;
                /** Format: uuid */
                refundId: string;
                /** Format: date-time */
                requestedAt: string;
                squareRefundId: string | null;
                /** @enum {string} */
                status: "pending" | "refunded" | "failed";
            }[];
            refundsPending: number;
            /** @enum {string|null} */
            refundStatus: "partly-refunded" | "refunded" | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            shipping: string;
            shippingAddress: components["schemas"]["ShippingAddress"] | null;
            square: components["schemas"]["AdminSquareOrder"] | null;
            squareFulfillment: components["schemas"]["SquareFulfillment"] | null;
            staffNotes: {
                /** Format: date-time */
                at: string;
                by: string;
                text: string;
            }[];
            /** @enum {string} */
            status: "opened" | "charging" | "paid" | "placed" | "failed" | "closed";
            statusUrl: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            subtotal: string;
            timeline: components["schemas"]["OrderTimelineEntry"][];
            /** @description A decimal amount in dollars, e.g. "68.00" */
            total: string;
            trackingNumber: string | null;
            trackingUrl: string | null;
            trackingWarning: string | null;
        };
        AdminOrderPage: {
            orders: components["schemas"]["AdminOrder"][];
            page: number;
            pageSize: number;
            total: number;
        };
        AdminProduct: {
            /** @description The studio sells it at $0.00: without it, its $0.00 variants are not listed or sold online */
            allowZeroPrice: boolean;
            /** @enum {string} */
            category: "apparel" | "patches" | "framed-art" | "portraits" | "pride" | "custom" | "originals" | "other";
            /** @description A decimal amount in dollars, e.g. "68.00" */
            compareAtPrice?: string;
            description: string;
            id: number;
            /** @description The gallery, in order */
            images: string[];
            imageUrl: string;
            inStock: boolean;
            name: string;
            options: components["schemas"]["ProductOption"][];
            /** @description A decimal amount in dollars, e.g. "68.00" */
            price: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            priceMax: string;
            reservedQuantity: number;
            /** @description The studio's words on how its sizes fit, plain text ('' for none) */
            sizeGuide: string;
            squareItemId: string | null;
            /**
             * @description draft: not listed, sold nor written to Square until the studio publishes it
             * @enum {string}
             */
            status: "draft" | "active";
            stockQuantity: number;
            /** Format: date-time */
            updatedAt: string;
            variants: components["schemas"]["AdminProductVariant"][];
            version: number;
        };
        AdminProductVariant: {
            /** @description Its price as set, while an automatic sale prices it lower at `price` (absent otherwise) */
            compareAtPrice?: string;
            id: string;
            /** @description The variant's own picture ('' when it has none) */
            imageUrl: string;
            /** @description The flag as set */
            inStock: boolean;
            name: string;
            options: {
                [key: string]: string;
            };
            /** @description A decimal amount in dollars, e.g. "68.00" */
            price: string;
            reservedQuantity: number;
            sku: string | null;
            squareVariationId: string | null;
            /** @description Units on hand */
            stockQuantity: number;
            /** @description Addresses waiting for a back-in-stock email */
            waiting: number;
        };
        AdminSquareOrder: {
            dashboardUrl: string;
            fulfillmentState: string | null;
            notes: string[];
            referenceId: string | null;
            squareOrderId: string;
            state: string | null;
        };
        BackInStockAnswer: {
            message: string;
            /** @enum {string} */
            status: "confirmation-sent";
        };
        Cart: {
            /** Format: date-time */
            abandonedAt: string | null;
            /** @description The contact's email, masked ("a•••@example.com"): whoever holds the session id reads this answer. The name is never shown. */
            customerEmail: string | null;
            emailSent: boolean;
            /** Format: uuid */
            id: string;
            recoveryEmailCount: number;
            sessionId: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            totalAmount: string;
            version: number;
        };
        CartHandOver: {
            added: number;
            notes: ("soldout" | "lowered")[];
            /** @enum {string} */
            outcome: "adopted" | "merged";
            sessionId: string;
        };
        CartHandOverLink: {
            /** Format: date-time */
            expiresAt: string;
            token: string;
        };
        CartItem: {
            /** Format: uuid */
            id: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            price: string;
            product: {
                imageUrl: string;
                name: string;
            };
            productId: number;
            quantity: number;
            variantId: string;
            /** @description The size or option bought ('' for a product without options) */
            variantName: string;
        };
        CartResponse: {
            cart: components["schemas"]["Cart"];
            items: components["schemas"]["CartItem"][];
        };
        Category: {
            label: string;
            /** @enum {string} */
            slug: "apparel" | "patches" | "framed-art" | "portraits" | "pride" | "custom" | "originals" | "other";
        };
        Dashboard: {
            developmentTools: boolean;
            last7Days: {
                orders: number;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                revenue: string;
            };
            last30Days: {
                orders: number;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                revenue: string;
            };
            lowStock: {
                imageUrl: string;
                /** @description The product, and the variant when it has several: "Raven Hoodie, M" */
                name: string;
                productId: number;
                stock: number;
                variantId: string;
            }[];
            lowStockAt: number;
            ordersWaiting: number;
            revenueByDay: {
                /** Format: date */
                date: string;
                orders: number;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                revenue: string;
            }[];
            timeZone: string;
            today: {
                orders: number;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                revenue: string;
            };
        };
        DiscountCheck: {
            /** @description A decimal amount in dollars, e.g. "68.00" */
            amountOff?: string;
            code: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            discount: string;
            /** @enum {boolean} */
            freeShipping?: true;
            percentOff?: number;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            subtotal: string;
        };
        Done: {
            message: string;
            success: boolean;
        };
        ErrorBody: {
            /** @description Stable and machine-readable: `OUT_OF_STOCK`, `VALIDATION_FAILED`, or the status's name (`NOT_FOUND`). */
            code: string;
            correlationId: string;
            details?: {
                [key: string]: string | number | boolean | (null);
            };
            error: string;
            message: string;
            statusCode: number;
        };
        Health: {
            /** @description What a module says needs someone, such as a stock change Square has not heard of (naming the product and size); any makes the status 'degraded' */
            alerts: {
                message: string;
                source: string;
            }[];
            changeFeed: {
                /** @description The LISTEN connection is open */
                listening: boolean;
                /** @description Why it is not trusted, and which setting fixes it */
                problem: string | null;
                /** @description Its last test notice came back, so caches answer from memory; otherwise they read the database */
                trusted: boolean;
            };
            database: {
                up: boolean;
            };
            outbox: components["schemas"]["OutboxBacklog"] | null;
            redis: {
                up: boolean;
            };
            /** @enum {string} */
            status: "ok" | "degraded" | "down" | "draining";
        };
        HeldOutboxRow: {
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            deadAt: string | null;
            eventId: string;
            eventType: string;
            jobName: string;
            lastError: string | null;
            /**
             * Format: date-time
             * @description When a waiting row is tried next (null: at the relay's next tick)
             */
            nextAttemptAt: string | null;
            queue: string;
        };
        HistoryEvent: {
            actor: string;
            correlationId: string;
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            recordedAt: string;
            type: string;
            version: number;
        };
        Incident: {
            /**
             * Format: date-time
             * @description When ADMIN_EMAILS were told (null until the email has gone out).
             */
            emailedAt: string | null;
            id: string;
            /**
             * @description oversold: a web sale and a stall sale of the same units (Square counted below zero).
             * @enum {string}
             */
            kind: "oversold";
            /** @description The product and size, as order lines name them ("Raven Hoodie, M"). */
            name: string;
            /** @description How the studio settled it. */
            note: string | null;
            /** Format: date-time */
            openedAt: string;
            /** @description The same orders’ ids, in the same order (the admin’s order pages). */
            orderIds: string[];
            /** @description The online orders involved, by the shop’s order numbers (DC-1001). */
            orders: string[];
            productId: number;
            /** Format: date-time */
            resolvedAt: string | null;
            /** @description Square’s count of the variant when it was last reported below zero. */
            squareCount: number;
            variantId: string;
        };
        InstagramPost: {
            caption: string | null;
            id: string;
            /** @description IMAGE, VIDEO or CAROUSEL_ALBUM */
            media_type: string;
            media_url: string | null;
            permalink: string;
            thumbnail_url: string | null;
            timestamp: string | null;
        };
        InstagramProfile: {
            media_count: number;
            username: string;
        };
        Liveness: {
            /** @enum {string} */
            status: "alive";
        };
        LocalEvent: {
            address: string;
            /** @description The event as an .ics file, for "Add to calendar". */
            calendarUrl: string;
            /** Format: date-time */
            endsAt: string | null;
            id: string;
            /** @description The place on a map: the studio's own link, or a map search for the address. */
            mapUrl: string;
            note: string | null;
            place: string;
            /** Format: date-time */
            startsAt: string;
            timeZone: string;
            title: string;
        };
        Mail: {
            date?: string;
            file: string;
            from?: string;
            /** @description The whole message as written (RFC 822) */
            raw: string;
            subject?: string;
            to?: string;
        };
        MailSummary: {
            date?: string;
            file: string;
            from?: string;
            subject?: string;
            to?: string;
        };
        OrderStatus: {
            carrier: string | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            discount: string;
            email: string;
            firstName: string;
            /** @enum {string} */
            fulfillmentMethod: "pickup" | "shipping";
            /** @enum {string} */
            fulfilment: "unfulfilled" | "ready-for-pickup" | "shipped" | "picked-up";
            items: {
                imageUrl: string | null;
                name: string;
                /** @description A decimal amount in dollars, e.g. "68.00" */
                price: string;
                quantity: number;
                variantName: string;
            }[];
            orderNumber: string;
            pickupNote: string | null;
            /** Format: date-time */
            placedAt: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            refunded: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            shipping: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            subtotal: string;
            timeline: {
                /** Format: date-time */
                at: string;
                detail: string | null;
                /** @enum {string} */
                step: "paid" | "ready-for-pickup" | "shipped" | "picked-up" | "refunded";
                title: string;
            }[];
            /** @description A decimal amount in dollars, e.g. "68.00" */
            total: string;
            trackingNumber: string | null;
            trackingUrl: string | null;
        };
        OrderTimelineEntry: {
            /** Format: date-time */
            at: string;
            detail: string | null;
            event: string;
            title: string;
        };
        OutboxBacklog: {
            /** @description Rows parked after OUTBOX_MAX_ATTEMPTS failures */
            dead: number;
            /** @description How long the oldest waiting row has waited */
            oldestSeconds: number | null;
            /** @description Committed jobs still waiting to reach Redis (dead rows not counted) */
            unsent: number;
        };
        OutboxRetried: {
            retried: number;
        };
        OutboxView: {
            backlog: components["schemas"]["OutboxBacklog"];
            dead: components["schemas"]["HeldOutboxRow"][];
            waiting: components["schemas"]["HeldOutboxRow"][];
        };
        PaidCard: {
            brand: string | null;
            last4: string | null;
        };
        PaymentResult: {
            card: components["schemas"]["PaidCard"] | null;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            discount: string;
            orderId: string;
            orderNumber: string;
            payment: {
                amountMoney: {
                    amount: string;
                    /** @enum {string} */
                    currency: "USD";
                };
                id: string;
                /** @enum {string} */
                status: "COMPLETED";
            };
            /** @description A decimal amount in dollars, e.g. "68.00" */
            shipping: string;
            statusToken: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            subtotal: string;
            /** @enum {boolean} */
            success: true;
        } | {
            code: string;
            error: string;
            /** @enum {boolean} */
            success: false;
        };
        Product: {
            /** @enum {string} */
            category: "apparel" | "patches" | "framed-art" | "portraits" | "pride" | "custom" | "originals" | "other";
            /** @description A decimal amount in dollars, e.g. "68.00" */
            compareAtPrice?: string;
            description: string;
            id: number;
            /** @description The gallery, in order */
            images: string[];
            imageUrl: string;
            inStock: boolean;
            name: string;
            options: components["schemas"]["ProductOption"][];
            /** @description A decimal amount in dollars, e.g. "68.00" */
            price: string;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            priceMax: string;
            /** @description The studio's words on how its sizes fit, plain text ('' for none) */
            sizeGuide: string;
            stockQuantity: number;
            variants: components["schemas"]["ProductVariant"][];
            version: number;
        };
        ProductOption: {
            name: string;
            values: string[];
        };
        ProductVariant: {
            /** @description Its price as set, while an automatic sale prices it lower at `price` (absent otherwise) */
            compareAtPrice?: string;
            id: string;
            /** @description The variant's own picture, else the product's first */
            imageUrl: string;
            inStock: boolean;
            name: string;
            options: {
                [key: string]: string;
            };
            /** @description A decimal amount in dollars, e.g. "68.00" */
            price: string;
            sku: string | null;
            /** @description Units that can be bought */
            stockQuantity: number;
        };
        Readiness: {
            database: {
                up: boolean;
            };
            /** @enum {string} */
            status: "ready" | "unready" | "draining";
        };
        RecoveryFunnel: {
            abandoned: number;
            days: number;
            emailed: number;
            recovered: number;
            /** @description A decimal amount in dollars, e.g. "68.00" */
            recoveredRevenue: string;
        };
        RefundResult: {
            order: components["schemas"]["AdminOrder"];
            /** Format: uuid */
            refundId: string;
            squareRefundId: string;
            /** @enum {string} */
            status: "pending" | "refunded";
        };
        RestoredCart: {
            added: number;
            contact: {
                email: string;
                name: string;
            } | null;
            notes: ("price" | "soldout" | "lowered")[];
            /** @enum {string} */
            outcome: "adopted" | "merged";
            sessionId: string;
        };
        ShippingAddress: {
            address: string;
            city: string;
            country: string;
            state: string;
            zipCode: string;
        };
        ShippingRates: {
            /** @description A decimal amount in dollars, e.g. "68.00" */
            freeShippingThreshold: string;
            qualifiesForFreeShipping: boolean;
            rates: {
                pickup: {
                    /** @description A decimal amount in dollars, e.g. "68.00" */
                    cost: string;
                    delivery: string;
                    description: string;
                    name: string;
                };
                standard: {
                    /** @description A decimal amount in dollars, e.g. "68.00" */
                    cost: string;
                    delivery: string;
                    description: string;
                    name: string;
                };
            };
        };
        ShopSettings: {
            /** @enum {string} */
            apparelAgeGroup: "adult" | "kids" | "toddler" | "infant" | "newborn";
            /** @enum {string} */
            apparelGender: "unisex" | "female" | "male";
            brand: string;
            defaultColor: string;
        };
        Site: {
            contact: {
                area: string | null;
                email: string | null;
                phone: string | null;
            };
            eventsVideo: {
                posterUrl: string | null;
                url: string | null;
            };
            social: {
                href: string;
                label: string;
            }[];
        };
        SquareBooksCheck: {
            agreeing: number;
            checked: number;
            days: number;
            differences: {
                /** Format: uuid */
                orderId: string;
                orderNumber: string | null;
                problems: {
                    /** @enum {string} */
                    code: "NO_SQUARE_ORDER" | "NOT_IN_SQUARE" | "CANCELED_IN_SQUARE" | "NOT_PAID_IN_SQUARE" | "TOTAL_DIFFERS" | "LINE_COUNT_DIFFERS" | "LINE_DIFFERS" | "REFERENCE_DIFFERS";
                    detail: string;
                }[];
                squareOrderId: string | null;
                squareUrl: string | null;
            }[];
            /** Format: date-time */
            since: string;
        };
        SquareConfig: {
            applicationId: string;
            /** @enum {string} */
            environment: "sandbox" | "production";
            locationId: string;
            webSdkUrl: string;
        };
        SquareFulfillment: {
            refusal: {
                code: string;
                message: string;
            } | null;
            /** @enum {string} */
            state: "PROPOSED" | "RESERVED" | "PREPARED" | "COMPLETED" | "CANCELED" | "FAILED";
            /** @enum {string} */
            sync: "in-step" | "waiting" | "refused" | "ended";
        };
        SquareSyncProgress: {
            progress?: {
                itemsRead: number;
                itemsTotal?: number;
                /** @enum {string} */
                phase: "catalogue" | "inventory" | "saving";
                saved?: number;
            };
            running: boolean;
        };
        SquareSyncResult: {
            /** @description Events the run recorded (0: nothing new) */
            changes: number;
            message: string;
            /** @description Products matching a Square item read by the run */
            products: number;
            /** @description Square's time after which the run read only what changed (a webhook's sync); null for a full read */
            since: string | null;
        };
        SquareWebhookOutcome: {
            /** @description Products whose stock the delivery set */
            applied?: number;
            /** @enum {boolean} */
            duplicate?: true;
            /**
             * @description A catalog.version.updated the shop's own write to Square caused: no sync
             * @enum {boolean}
             */
            ownWrite?: true;
            /** @enum {boolean} */
            received: true;
        };
        StockAlert: {
            /** @description The key to dismiss it with (push-refused and restock-refused only) */
            alert: string | null;
            /** @enum {string} */
            kind: "oversold-at-stall" | "not-sent-to-square" | "push-refused" | "restock-refused";
            message: string;
            /** @description The product and size ("Review Tee, S") */
            name: string;
            productId: number;
            /**
             * Format: date-time
             * @description When the stock change was made, or refused (all but oversold-at-stall)
             */
            since: string | null;
            /** @description Square's count, below zero (oversold-at-stall only) */
            squareCount: number | null;
            /** Format: date-time */
            squareCountAt: string | null;
            variantId: string;
        };
        StockAlerts: {
            alerts: components["schemas"]["StockAlert"][];
        };
        StoredImage: {
            imageUrl: string;
            sizes: {
                400: string;
                800: string;
                1600: string;
            };
        };
        StreamHistory: {
            events: components["schemas"]["HistoryEvent"][];
            id: string;
            /** @enum {string} */
            streamType: "product" | "cart" | "order";
        };
        Subscriber: {
            email: string;
            /** Format: date-time */
            joinedAt: string;
            /** Format: date-time */
            leftAt: string | null;
            name: string | null;
            subscribed: boolean;
        };
        SubscriberPage: {
            page: number;
            pageSize: number;
            subscribers: components["schemas"]["Subscriber"][];
            total: number;
        };
        User: {
            email: string;
            id: string;
            isAdmin: boolean;
            name: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type AbandonedCart = components['schemas']['AbandonedCart'];
export type AdminDiscount = components['schemas']['AdminDiscount'];
export type AdminLocalEvent = components['schemas']['AdminLocalEvent'];
export type AdminOrder = components['schemas']['AdminOrder'];
export type AdminOrderDetail = components['schemas']['AdminOrderDetail'];
export type AdminOrderPage = components['schemas']['AdminOrderPage'];
export type AdminProduct = components['schemas']['AdminProduct'];
export type AdminProductVariant = components['schemas']['AdminProductVariant'];
export type AdminSquareOrder = components['schemas']['AdminSquareOrder'];
export type BackInStockAnswer = components['schemas']['BackInStockAnswer'];
export type Cart = components['schemas']['Cart'];
export type CartHandOver = components['schemas']['CartHandOver'];
export type CartHandOverLink = components['schemas']['CartHandOverLink'];
export type CartItem = components['schemas']['CartItem'];
export type CartResponse = components['schemas']['CartResponse'];
export type Category = components['schemas']['Category'];
export type Dashboard = components['schemas']['Dashboard'];
export type DiscountCheck = components['schemas']['DiscountCheck'];
export type Done = components['schemas']['Done'];
export type ErrorBody = components['schemas']['ErrorBody'];
export type Health = components['schemas']['Health'];
export type HeldOutboxRow = components['schemas']['HeldOutboxRow'];
export type HistoryEvent = components['schemas']['HistoryEvent'];
export type Incident = components['schemas']['Incident'];
export type InstagramPost = components['schemas']['InstagramPost'];
export type InstagramProfile = components['schemas']['InstagramProfile'];
export type Liveness = components['schemas']['Liveness'];
export type LocalEvent = components['schemas']['LocalEvent'];
export type Mail = components['schemas']['Mail'];
export type MailSummary = components['schemas']['MailSummary'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type OrderTimelineEntry = components['schemas']['OrderTimelineEntry'];
export type OutboxBacklog = components['schemas']['OutboxBacklog'];
export type OutboxRetried = components['schemas']['OutboxRetried'];
export type OutboxView = components['schemas']['OutboxView'];
export type PaidCard = components['schemas']['PaidCard'];
export type PaymentResult = components['schemas']['PaymentResult'];
export type Product = components['schemas']['Product'];
export type ProductOption = components['schemas']['ProductOption'];
export type ProductVariant = components['schemas']['ProductVariant'];
export type Readiness = components['schemas']['Readiness'];
export type RecoveryFunnel = components['schemas']['RecoveryFunnel'];
export type RefundResult = components['schemas']['RefundResult'];
export type RestoredCart = components['schemas']['RestoredCart'];
export type ShippingAddress = components['schemas']['ShippingAddress'];
export type ShippingRates = components['schemas']['ShippingRates'];
export type ShopSettings = components['schemas']['ShopSettings'];
export type Site = components['schemas']['Site'];
export type SquareBooksCheck = components['schemas']['SquareBooksCheck'];
export type SquareConfig = components['schemas']['SquareConfig'];
export type SquareFulfillment = components['schemas']['SquareFulfillment'];
export type SquareSyncProgress = components['schemas']['SquareSyncProgress'];
export type SquareSyncResult = components['schemas']['SquareSyncResult'];
export type SquareWebhookOutcome = components['schemas']['SquareWebhookOutcome'];
export type StockAlert = components['schemas']['StockAlert'];
export type StockAlerts = components['schemas']['StockAlerts'];
export type StoredImage = components['schemas']['StoredImage'];
export type StreamHistory = components['schemas']['StreamHistory'];
export type Subscriber = components['schemas']['Subscriber'];
export type SubscriberPage = components['schemas']['SubscriberPage'];
export type User = components['schemas']['User'];
export type $defs = Record<string, never>;
export interface operations {
    RecoveryController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbandonedCart"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDashboardController_dashboard: {
        parameters: {
            query?: {
                timeZone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDiscountsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDiscount"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDiscountsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    automatic?: boolean;
                    categories?: string[];
                    code?: string;
                    combines?: boolean;
                    description?: string;
                    /** Format: date-time */
                    endsAt?: string | null;
                    minimumSubtotal?: (string | number) | null;
                    oncePerCustomer?: boolean;
                    productIds?: number[];
                    /** Format: date-time */
                    startsAt?: string | null;
                    /** @enum {string} */
                    type: "percentage" | "fixed" | "free-shipping";
                    usageLimit?: number | null;
                    value?: (number | string) | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDiscount"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDiscountsController_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDiscount"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDiscountsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminDiscountsController_change: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    automatic?: boolean;
                    categories?: string[];
                    combines?: boolean;
                    description?: string;
                    /** Format: date-time */
                    endsAt?: string | null;
                    minimumSubtotal?: (string | number) | null;
                    oncePerCustomer?: boolean;
                    productIds?: number[];
                    /** Format: date-time */
                    startsAt?: string | null;
                    /** @enum {string} */
                    type?: "percentage" | "fixed" | "free-shipping";
                    usageLimit?: number | null;
                    value?: (number | string) | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDiscount"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    HistoryController_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                streamType: "product" | "cart" | "order";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StreamHistory"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminIncidentsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminIncidentsController_resolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Incident"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminLocalEventsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLocalEvent"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminLocalEventsController_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address: string;
                    /** Format: date-time */
                    endsAt: string | null;
                    /** Format: uri */
                    mapUrl: string | null;
                    note: string | null;
                    place: string;
                    /** Format: date-time */
                    startsAt: string;
                    title: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLocalEvent"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminLocalEventsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminLocalEventsController_change: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address?: string;
                    /** Format: date-time */
                    endsAt?: string | null;
                    /** Format: uri */
                    mapUrl?: string | null;
                    note?: string | null;
                    place?: string;
                    /** Format: date-time */
                    startsAt?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLocalEvent"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MailOutboxController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailSummary"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    MailOutboxController_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mail"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_list: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
                status?: "unfulfilled" | "ready-for-pickup" | "shipped" | "picked-up" | "refunded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrderPage"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_detail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrderDetail"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_fulfil: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    trackingNumber?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrder"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_fulfilment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    carrier?: string;
                    note?: string;
                    /** @enum {string} */
                    step: "ready-for-pickup" | "shipped" | "picked-up";
                    trackingNumber?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrderDetail"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_notes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminOrderDetail"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminOrdersController_refund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount?: string;
                    /** @default [] */
                    lines?: {
                        itemId: number;
                        quantity: number;
                        restock: boolean;
                    }[];
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    OutboxController_outbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboxView"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    OutboxController_retryDead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboxRetried"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminProductsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProduct"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminProductsController_add: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowZeroPrice?: boolean;
                    category?: string;
                    /** @default  */
                    description?: string;
                    images?: string[];
                    /** @default  */
                    imageUrl?: string;
                    inStock?: boolean;
                    name: string;
                    /** @default [] */
                    options?: {
                        name: string;
                        values: string[];
                    }[];
                    price?: string | number;
                    sizeGuide?: string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "draft" | "active";
                    /** @default 0 */
                    stockQuantity?: number;
                    variants?: {
                        id?: string;
                        imageUrl?: string;
                        inStock?: boolean;
                        /** @default {} */
                        options?: {
                            [key: string]: string;
                        };
                        price: string | number;
                        sku?: string;
                        stockQuantity?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProduct"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminProductsController_change: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowZeroPrice?: boolean;
                    category?: string;
                    description?: string;
                    images?: string[];
                    imageUrl?: string;
                    name?: string;
                    options?: {
                        name: string;
                        values: string[];
                    }[];
                    price?: string | number;
                    sizeGuide?: string;
                    /** @enum {string} */
                    status?: "draft" | "active";
                    variants?: {
                        id?: string;
                        imageUrl?: string;
                        inStock?: boolean;
                        /** @default {} */
                        options?: {
                            [key: string]: string;
                        };
                        price: string | number;
                        sku?: string;
                        stockQuantity?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProduct"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminProductsController_setStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    inStock?: boolean;
                    stockQuantity: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProduct"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminProductsController_setVariantStock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                variantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    inStock?: boolean;
                    stockQuantity: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminProduct"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryController_funnel: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryFunnel"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminSettingsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShopSettings"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminSettingsController_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    apparelAgeGroup?: "adult" | "kids" | "toddler" | "infant" | "newborn";
                    /** @enum {string} */
                    apparelGender?: "unisex" | "female" | "male";
                    brand?: string;
                    defaultColor?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShopSettings"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminSquareBooksController_booksCheck: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquareBooksCheck"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminStockAlertsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StockAlerts"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminStockAlertsController_dismiss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    alert: string;
                    productId: number;
                    variantId: string;
                };
            };
        };
        responses: {
            /** @description No body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminSubscribersController_list: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriberPage"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminSubscribersController_export: {
        parameters: {
            query?: {
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CSV file, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CatalogSyncController_progress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquareSyncProgress"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CatalogSyncController_sync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquareSyncResult"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryController_testCart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AdminImagesController_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    image?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoredImage"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthController_start: {
        parameters: {
            query?: {
                login_hint?: string;
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A redirect; `Location` says where */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthController_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A redirect; `Location` says where */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        signedOut: true;
                    };
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    AuthController_user: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sessionId: string;
                    totalAmount?: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryController_abandon: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_clear: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_giveContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name: string;
                    /** @enum {string} */
                    source?: "checkout";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartHandOverController_link: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartHandOverLink"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_addItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    price?: unknown;
                    productId: number;
                    /** @default 1 */
                    quantity?: number;
                    variantId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryController_recoveryEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cartId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cart: components["schemas"]["Cart"];
                        items: components["schemas"]["CartItem"][];
                        message: string;
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_get: {
        parameters: {
            query?: {
                version?: string;
            };
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description No body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartHandOverController_follow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sessionId?: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartHandOver"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_putQuantity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_removeItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CartController_patchQuantity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    quantity: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartResponse"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryPagesController_restore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sessionId?: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RestoredCart"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ProductsController_categories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Category"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CheckoutController_checkDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    cartId: string;
                    code: string;
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DiscountCheck"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    HealthController_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Success */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Liveness"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Success */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InstagramController_posts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstagramPost"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    InstagramController_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstagramProfile"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    LocalEventsController_upcoming: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LocalEvent"][];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    LocalEventsController_calendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An iCalendar (.ics) file, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    NewsletterController_subscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    NewsletterController_unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                } | {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Done"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    OrderStatusController_status: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderStatus"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CheckoutController_sendConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    orderId?: string;
                    orderNumber?: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emailSent: boolean;
                        success: boolean;
                    };
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ProductsController_list: {
        parameters: {
            query?: {
                q?: string;
                version?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"][];
                };
            };
            /** @description No body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ProductsController_one: {
        parameters: {
            query?: {
                version?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description No body */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    BackInStockController_notify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                variantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackInStockAnswer"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    ShippingController_rates: {
        parameters: {
            query: {
                total: string;
                zipCode?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ShippingRates"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SiteController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Site"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SquareConfigController_config: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquareConfig"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    CheckoutController_processPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amountMoney: {
                        amount: string | number;
                        /**
                         * @default USD
                         * @enum {string}
                         */
                        currency?: "USD";
                    };
                    /** Format: uuid */
                    cartId: string;
                    customerEmail: string;
                    customerName: string;
                    discountCode?: string | null;
                    /**
                     * @default pickup
                     * @enum {string}
                     */
                    fulfillmentMethod?: "pickup" | "shipping";
                    orderNote?: string | null;
                    shippingAddress?: {
                        address: string;
                        city: string;
                        /** @default US */
                        country?: string;
                        state: string;
                        zipCode: string;
                    } | null;
                    /**
                     * @default standard
                     * @enum {string}
                     */
                    shippingOption?: "standard";
                    sourceId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentResult"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    SquareWebhooksController_receive: {
        parameters: {
            query?: never;
            header: {
                /** @description HMAC-SHA256 of the notification URL and the raw body, base64 */
                "x-square-hmacsha256-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    created_at?: string | null;
                    data?: ({
                        object?: ({
                            catalog_version?: ({
                                updated_at?: string | null;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            inventory_counts?: {
                                calculated_at: string;
                                catalog_object_id: string;
                                location_id: string;
                                quantity: string;
                                state: string;
                            }[] | null;
                            order_fulfillment_updated?: ({
                                order_id?: string | null;
                                version?: number | null;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            order_updated?: ({
                                order_id?: string | null;
                                version?: number | null;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            refund?: ({
                                id: string;
                                payment_id: string;
                                status: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        } & {
                            [key: string]: unknown;
                        }) | null;
                    } & {
                        [key: string]: unknown;
                    }) | null;
                    event_id: string;
                    merchant_id?: string | null;
                    type: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SquareWebhookOutcome"];
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    BackInStockPagesController_askToConfirm: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    BackInStockPagesController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    BackInStockPagesController_askToLeave: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    BackInStockPagesController_leave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryPagesController_open: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A redirect; `Location` says where */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UnsubscribePageController_confirm: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    UnsubscribePageController_unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryPagesController_confirm: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    RecoveryPagesController_unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description An HTML page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The request was refused or failed: the one error body shape */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
