//! The tables, as diesel sees them; the same on both databases (see `migrations/`).
//! Ids are UUIDv7 text, times are UTC milliseconds since the Unix epoch.

diesel::table! {
    users (id) {
        id -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        locale -> Text,
        first_name -> Nullable<Text>,
        last_name -> Nullable<Text>,
        country -> Nullable<Text>,
        mobile -> Nullable<Text>,
        mobile_code -> Nullable<Text>,
        mobile_country -> Nullable<Text>,
        identity_status -> Integer,
        investor_status -> Integer,
        aml_status -> Integer,
        qi_status -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    user_security (user_id) {
        user_id -> Text,
        pin_hash -> Nullable<Text>,
        login_email -> Bool,
        login_mfa -> Bool,
        trade_email -> Bool,
        trade_mfa -> Bool,
        trade_security -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Text,
        token_hash -> Text,
        created_at -> BigInt,
        last_seen_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        ip -> Text,
        user_agent -> Text,
    }
}

diesel::table! {
    email_codes (id) {
        id -> Text,
        email -> Text,
        purpose -> Text,
        code_hash -> Text,
        attempts -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        consumed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    pending_logins (id) {
        id -> Text,
        user_id -> Text,
        need_email -> Bool,
        need_mfa -> Bool,
        need_security -> Bool,
        attempts -> Integer,
        created_at -> BigInt,
        expires_at -> BigInt,
        consumed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    captcha_solutions (challenge) {
        challenge -> Text,
        expires_at -> BigInt,
    }
}

diesel::table! {
    rate_limits (key) {
        key -> Text,
        window_start -> BigInt,
        hits -> Integer,
    }
}

diesel::table! {
    security_events (id) {
        id -> Text,
        user_id -> Nullable<Text>,
        kind -> Text,
        ip -> Nullable<Text>,
        user_agent -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    authenticators (id) {
        id -> Text,
        user_id -> Text,
        remark -> Text,
        secret_sealed -> Text,
        last_used_step -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    authenticator_keys (user_id) {
        user_id -> Text,
        secret_sealed -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    ledger_accounts (id) {
        id -> Text,
        account_key -> Text,
        user_id -> Nullable<Text>,
        kind -> Text,
        currency -> Text,
        balance -> BigInt,
        may_go_negative -> Bool,
        created_at -> BigInt,
    }
}

diesel::table! {
    ledger_transactions (id) {
        id -> Text,
        kind -> Text,
        reference -> Text,
        user_id -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    ledger_entries (id) {
        id -> Text,
        transaction_id -> Text,
        account_id -> Text,
        amount -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    card_bins (bin) {
        bin -> Text,
        location_code -> Text,
        org_name -> Text,
        currency -> Text,
        recharge_rate_bps -> Integer,
        payment_rate_bps -> Integer,
        exchange_rate_bps -> Integer,
        refund_rate_bps -> Integer,
        limit_per_transaction -> BigInt,
        limit_daily -> BigInt,
        limit_monthly -> BigInt,
        enabled -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
        utc_offset_minutes -> Integer,
    }
}

diesel::table! {
    cards (id) {
        id -> Text,
        user_id -> Text,
        bin -> Text,
        pan_sealed -> Text,
        pan_digest -> Text,
        mask_card_no -> Text,
        expiration_date -> Text,
        expires_at -> BigInt,
        bill_address -> Text,
        currency -> Text,
        org_name -> Text,
        location_code -> Text,
        status -> Text,
        recharge_rate_bps -> Integer,
        payment_rate_bps -> Integer,
        exchange_rate_bps -> Integer,
        refund_rate_bps -> Integer,
        limit_per_transaction -> BigInt,
        limit_daily -> BigInt,
        limit_monthly -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        utc_offset_minutes -> Integer,
        frozen_reason -> Nullable<Text>,
    }
}

diesel::table! {
    card_spending (card_id) {
        card_id -> Text,
        day_start -> BigInt,
        day_end -> BigInt,
        day_amount -> BigInt,
        day_count -> BigInt,
        month_start -> BigInt,
        month_end -> BigInt,
        month_amount -> BigInt,
        month_count -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    card_orders (id) {
        id -> Text,
        user_id -> Text,
        card_id -> Text,
        kind -> Text,
        amount -> BigInt,
        fee -> BigInt,
        currency -> Text,
        status -> Integer,
        ledger_transaction_id -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    card_transactions (id) {
        id -> Text,
        transaction_id -> Text,
        origin_transaction_id -> Nullable<Text>,
        card_id -> Text,
        user_id -> Text,
        transaction_type -> Text,
        status -> Text,
        merchant_name_location -> Text,
        transaction_amount -> BigInt,
        transaction_currency -> Text,
        account_gross_amount -> BigInt,
        account_currency -> Text,
        transaction_fee -> BigInt,
        conversion_fee -> BigInt,
        cross_border_fee -> BigInt,
        refund_fee -> BigInt,
        held -> BigInt,
        decline_reason -> Nullable<Text>,
        check_code -> Nullable<Text>,
        occurred_at -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    issuer_events (event_key) {
        event_key -> Text,
        body_digest -> Text,
        answer -> Text,
        received_at -> BigInt,
    }
}

diesel::table! {
    issuer_signatures (signature) {
        signature -> Text,
        received_at -> BigInt,
    }
}

diesel::table! {
    idempotency_keys (user_id, idempotency_key) {
        user_id -> Text,
        idempotency_key -> Text,
        request_digest -> Text,
        answer -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    wire_memos (memo) {
        memo -> Text,
        user_id -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    bank_accounts (id) {
        id -> Text,
        user_id -> Text,
        nickname -> Text,
        bank_country -> Text,
        bank_name -> Text,
        bank_address -> Text,
        account_number -> Text,
        swift_code -> Text,
        routing_number -> Nullable<Text>,
        account_address -> Text,
        account_holder -> Text,
        created_at -> BigInt,
        usable_from -> BigInt,
        first_payout_cap -> BigInt,
        needs_new_details -> Bool,
        deleted_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    withdrawals (id) {
        id -> Text,
        user_id -> Text,
        bank_account_id -> Text,
        amount -> BigInt,
        fee -> BigInt,
        status -> Text,
        needs_review -> Bool,
        bank_reference -> Nullable<Text>,
        reason -> Nullable<Text>,
        created_at -> BigInt,
        updated_at -> BigInt,
        approved_at -> Nullable<BigInt>,
        approved_by -> Nullable<Text>,
        sent_at -> Nullable<BigInt>,
        completed_at -> Nullable<BigInt>,
        closed_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(withdrawals -> bank_accounts (bank_account_id));
diesel::joinable!(bank_accounts -> users (user_id));
diesel::joinable!(user_security -> users (user_id));
diesel::joinable!(wire_memos -> users (user_id));
diesel::joinable!(ledger_entries -> ledger_accounts (account_id));
diesel::joinable!(ledger_entries -> ledger_transactions (transaction_id));
diesel::joinable!(authenticators -> users (user_id));
diesel::joinable!(authenticator_keys -> users (user_id));
diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(pending_logins -> users (user_id));
diesel::joinable!(security_events -> users (user_id));
diesel::joinable!(cards -> users (user_id));
diesel::joinable!(cards -> card_bins (bin));
diesel::joinable!(card_orders -> cards (card_id));
diesel::joinable!(card_spending -> cards (card_id));
diesel::joinable!(card_transactions -> cards (card_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    wire_memos,
    user_security,
    sessions,
    email_codes,
    pending_logins,
    captcha_solutions,
    rate_limits,
    security_events,
    authenticators,
    authenticator_keys,
    ledger_accounts,
    ledger_transactions,
    ledger_entries,
    card_bins,
    card_spending,
    cards,
    card_orders,
    card_transactions,
    issuer_events,
    issuer_signatures,
    idempotency_keys,
    uploads,
    verification_drafts,
    verification_attempts,
    rejection_items,
    screening_entries,
    screening_alerts,
    bank_accounts,
    withdrawals,
);

diesel::table! {
    uploads (id) {
        id -> Text,
        user_id -> Text,
        reference -> Text,
        original_name -> Text,
        kind -> Text,
        size -> BigInt,
        wrapped_key -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    verification_drafts (user_id, verification) {
        user_id -> Text,
        verification -> Text,
        data -> Text,
        updated_at -> BigInt,
    }
}

diesel::table! {
    verification_attempts (id) {
        id -> Text,
        user_id -> Text,
        verification -> Text,
        number -> Integer,
        investor_type -> Nullable<Integer>,
        data -> Text,
        status -> Integer,
        screening -> Nullable<Text>,
        rejection_kind -> Nullable<Text>,
        submitted_at -> BigInt,
        decided_at -> Nullable<BigInt>,
        decided_by -> Nullable<Text>,
    }
}

diesel::table! {
    rejection_items (attempt_id, position) {
        attempt_id -> Text,
        position -> Integer,
        field -> Text,
        reason -> Text,
        message -> Text,
        note -> Text,
    }
}

diesel::table! {
    screening_entries (id) {
        id -> Text,
        list -> Text,
        name -> Text,
        birth_date -> Nullable<Text>,
        country -> Nullable<Text>,
        imported_at -> BigInt,
    }
}

diesel::table! {
    screening_alerts (user_id, verification) {
        user_id -> Text,
        verification -> Text,
        attempt_id -> Text,
        hits -> Text,
        screened_at -> BigInt,
    }
}

diesel::table! {
    wallet_chains (coin, network) {
        coin -> Text,
        network -> Text,
        deposit_enabled -> Bool,
        withdraw_enabled -> Bool,
        min_deposit -> BigInt,
        min_withdraw -> BigInt,
        max_withdraw -> BigInt,
        withdraw_fee -> BigInt,
        multiple -> BigInt,
        confirmations -> BigInt,
        memo_required -> Bool,
        daily_limit -> BigInt,
        review_above -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    wallet_prices (id) {
        id -> Text,
        coin -> Text,
        price -> BigInt,
        set_at -> BigInt,
        set_by -> Text,
    }
}

diesel::table! {
    wallet_addresses (id) {
        id -> Text,
        user_id -> Text,
        network -> Text,
        address_index -> BigInt,
        address -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    wallet_chain_tips (network) {
        network -> Text,
        height -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    wallet_deposits (id) {
        id -> Text,
        network -> Text,
        txid -> Text,
        vout -> BigInt,
        address -> Text,
        coin -> Text,
        amount -> BigInt,
        user_id -> Nullable<Text>,
        state -> Text,
        reason -> Nullable<Text>,
        block_height -> Nullable<BigInt>,
        confirmations -> BigInt,
        required_confirmations -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        credited_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    wallet_withdrawals (id) {
        id -> Text,
        user_id -> Text,
        client_order_id -> Text,
        coin -> Text,
        network -> Text,
        address -> Text,
        memo -> Nullable<Text>,
        amount -> BigInt,
        fee -> BigInt,
        status -> Text,
        needs_review -> Bool,
        internal_user_id -> Nullable<Text>,
        txid -> Nullable<Text>,
        block_height -> Nullable<BigInt>,
        confirmations -> BigInt,
        required_confirmations -> BigInt,
        reason -> Nullable<Text>,
        reviewed_by -> Nullable<Text>,
        created_at -> BigInt,
        updated_at -> BigInt,
        closed_at -> Nullable<BigInt>,
    }
}

// A view (the migrations' `wallet_records`): a user's deposits, withdrawals, internal
// transfers and the coin legs of their swaps in one list.
diesel::table! {
    wallet_records (id, user_id) {
        id -> Text,
        user_id -> Text,
        record_type -> Text,
        coin -> Text,
        network -> Nullable<Text>,
        amount -> BigInt,
        fee -> BigInt,
        address -> Nullable<Text>,
        memo -> Nullable<Text>,
        txid -> Nullable<Text>,
        confirmations -> BigInt,
        required_confirmations -> BigInt,
        status -> Text,
        reason -> Nullable<Text>,
        created_at -> BigInt,
        updated_at -> BigInt,
        swap_id -> Nullable<Text>,
    }
}

diesel::table! {
    exchange_pairs (from_asset, to_asset) {
        from_asset -> Text,
        to_asset -> Text,
        spread_bps -> BigInt,
        fee_bps -> BigInt,
        minimum -> BigInt,
        maximum -> BigInt,
        enabled -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    exchange_quotes (id) {
        id -> Text,
        user_id -> Text,
        from_asset -> Text,
        to_asset -> Text,
        side -> Text,
        amount -> BigInt,
        from_amount -> BigInt,
        to_amount -> BigInt,
        fee -> BigInt,
        spread -> BigInt,
        exchanged -> BigInt,
        remainder -> BigInt,
        from_price -> BigInt,
        to_price -> BigInt,
        spread_bps -> BigInt,
        fee_bps -> BigInt,
        price_time -> BigInt,
        created_at -> BigInt,
        expires_at -> BigInt,
        accepted_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    exchange_swaps (id) {
        id -> Text,
        quote_id -> Text,
        user_id -> Text,
        from_asset -> Text,
        to_asset -> Text,
        side -> Text,
        from_amount -> BigInt,
        to_amount -> BigInt,
        fee -> BigInt,
        spread -> BigInt,
        exchanged -> BigInt,
        remainder -> BigInt,
        from_price -> BigInt,
        to_price -> BigInt,
        spread_bps -> BigInt,
        fee_bps -> BigInt,
        price_time -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    fund_products (id) {
        id -> Text,
        name -> Text,
        product_type -> Text,
        asset -> Text,
        annual_rate -> BigInt,
        raise_date -> Nullable<Text>,
        interest_date -> Nullable<Text>,
        period -> Nullable<BigInt>,
        minimum -> BigInt,
        maximum -> BigInt,
        open -> Bool,
        created_at -> BigInt,
        closed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    fund_positions (id) {
        id -> Text,
        user_id -> Text,
        product_id -> Text,
        product_type -> Text,
        asset -> Text,
        current_key -> Nullable<Text>,
        principal -> BigInt,
        status -> Text,
        next_date -> Text,
        start_shares -> BigInt,
        carry -> BigInt,
        created_at -> BigInt,
        closed_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    fund_orders (id) {
        id -> Text,
        user_id -> Text,
        product_id -> Text,
        position_id -> Text,
        order_type -> Text,
        source -> Nullable<Text>,
        amount -> BigInt,
        interest -> BigInt,
        forfeited_interest -> BigInt,
        business_date -> Text,
        value_date -> Text,
        interest_start_date -> Nullable<Text>,
        delivery_date -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    fund_moves (id) {
        id -> Text,
        position_id -> Text,
        order_id -> Text,
        business_date -> Text,
        amount -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    fund_accruals (id) {
        id -> Text,
        position_id -> Text,
        user_id -> Text,
        product_id -> Text,
        business_date -> Text,
        shares -> BigInt,
        interest -> BigInt,
        rounding -> BigInt,
        carry -> BigInt,
        posted_at -> BigInt,
    }
}

// A view (the migrations' `fund_records`): a user's fund orders and the days that paid
// interest in one list.
diesel::table! {
    fund_records (id) {
        id -> Text,
        user_id -> Text,
        product_id -> Text,
        position_id -> Text,
        order_type -> Text,
        source -> Nullable<Text>,
        amount -> BigInt,
        interest -> BigInt,
        forfeited_interest -> BigInt,
        business_date -> Text,
        value_date -> Text,
        interest_start_date -> Nullable<Text>,
        delivery_date -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::joinable!(fund_positions -> fund_products (product_id));
diesel::joinable!(fund_moves -> fund_positions (position_id));

diesel::allow_tables_to_appear_in_same_query!(fund_products, fund_positions, fund_moves);

diesel::table! {
    operators (id) {
        id -> Text,
        email -> Text,
        password_hash -> Nullable<Text>,
        totp_secret -> Nullable<Text>,
        totp_last_step -> Nullable<BigInt>,
        roles -> Text,
        status -> Text,
        created_at -> BigInt,
        created_by -> Nullable<Text>,
        enrolled_at -> Nullable<BigInt>,
        disabled_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    operator_enrolments (id) {
        id -> Text,
        operator_id -> Text,
        token_hash -> Text,
        totp_secret -> Nullable<Text>,
        created_at -> BigInt,
        expires_at -> BigInt,
        used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    operator_sessions (id) {
        id -> Text,
        operator_id -> Text,
        token_hash -> Text,
        created_at -> BigInt,
        last_seen_at -> BigInt,
        expires_at -> BigInt,
        revoked_at -> Nullable<BigInt>,
        ip -> Text,
        user_agent -> Text,
    }
}

diesel::table! {
    audit_trail (seq) {
        seq -> BigInt,
        id -> Text,
        operator_id -> Nullable<Text>,
        operator -> Text,
        action -> Text,
        subject -> Text,
        before -> Nullable<Text>,
        after -> Nullable<Text>,
        ip -> Nullable<Text>,
        created_at -> BigInt,
        prev_hash -> Nullable<Text>,
        hash -> Nullable<Text>,
    }
}

diesel::table! {
    audit_head (id) {
        id -> Integer,
        seq -> BigInt,
        hash -> Nullable<Text>,
    }
}

diesel::table! {
    review_claims (attempt_id) {
        attempt_id -> Text,
        operator_id -> Text,
        stage -> Text,
        claimed_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    review_decisions (id) {
        id -> Text,
        attempt_id -> Text,
        stage -> Text,
        operator_id -> Nullable<Text>,
        operator -> Text,
        outcome -> Text,
        items -> Text,
        kind -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::joinable!(operator_enrolments -> operators (operator_id));
diesel::joinable!(operator_sessions -> operators (operator_id));
diesel::joinable!(review_claims -> operators (operator_id));
diesel::joinable!(review_claims -> verification_attempts (attempt_id));
diesel::joinable!(review_decisions -> verification_attempts (attempt_id));
diesel::allow_tables_to_appear_in_same_query!(
    operators,
    operator_enrolments,
    operator_sessions,
    audit_trail,
    audit_head,
    review_claims,
    review_decisions,
);
diesel::allow_tables_to_appear_in_same_query!(review_claims, verification_attempts);
diesel::allow_tables_to_appear_in_same_query!(review_claims, users);
diesel::allow_tables_to_appear_in_same_query!(review_decisions, verification_attempts);
diesel::allow_tables_to_appear_in_same_query!(review_decisions, users);
diesel::allow_tables_to_appear_in_same_query!(operators, verification_attempts);
diesel::allow_tables_to_appear_in_same_query!(operators, users);

diesel::table! {
    wire_receipts (id) {
        id -> Text,
        reference -> Text,
        amount -> BigInt,
        memo -> Text,
        sender -> Nullable<Text>,
        user_id -> Nullable<Text>,
        status -> Text,
        recorded_by -> Text,
        matched_by -> Nullable<Text>,
        approved_by -> Nullable<Text>,
        return_reason -> Nullable<Text>,
        created_at -> BigInt,
        decided_at -> Nullable<BigInt>,
    }
}

diesel::joinable!(wire_receipts -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(wire_receipts, users);
