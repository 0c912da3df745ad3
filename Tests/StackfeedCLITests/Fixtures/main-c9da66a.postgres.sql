--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: feed_item; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.feed_item (
    id text NOT NULL COLLATE pg_catalog."C",
    title text NOT NULL,
    subtitle text,
    tag text,
    image text,
    "position" bigint NOT NULL,
    CONSTRAINT feed_item_id_check CHECK ((id <> ''::text))
);


--
-- Name: idempotency_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency_keys (
    user_id text NOT NULL COLLATE pg_catalog."C",
    key text NOT NULL COLLATE pg_catalog."C",
    request text NOT NULL,
    status bigint,
    location text,
    response text,
    created_at bigint NOT NULL
);


--
-- Name: line_item; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.line_item (
    order_id text NOT NULL COLLATE pg_catalog."C",
    line bigint NOT NULL,
    product_id text NOT NULL COLLATE pg_catalog."C",
    quantity bigint NOT NULL,
    CONSTRAINT line_item_quantity_check CHECK ((quantity >= 1))
);


--
-- Name: orders; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.orders (
    id text NOT NULL COLLATE pg_catalog."C",
    status text NOT NULL,
    ordered_at bigint NOT NULL,
    user_id text DEFAULT 'default'::text NOT NULL COLLATE pg_catalog."C",
    CONSTRAINT orders_id_check CHECK ((id <> ''::text))
);


--
-- Name: product; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.product (
    id text NOT NULL COLLATE pg_catalog."C",
    title text NOT NULL,
    image text NOT NULL,
    CONSTRAINT product_id_check CHECK ((id <> ''::text))
);


--
-- Name: stackfeed_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stackfeed_migrations (
    name text NOT NULL COLLATE pg_catalog."C",
    checksum text NOT NULL,
    applied_at text NOT NULL
);


--
-- Name: tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tokens (
    id text NOT NULL COLLATE pg_catalog."C",
    user_id text NOT NULL COLLATE pg_catalog."C",
    scope text NOT NULL,
    name text,
    secret_hash text NOT NULL COLLATE pg_catalog."C",
    created_at bigint NOT NULL,
    last_used_at bigint,
    revoked_at bigint,
    CONSTRAINT tokens_id_check CHECK ((id <> ''::text)),
    CONSTRAINT tokens_scope_check CHECK ((scope = ANY (ARRAY['read'::text, 'write'::text, 'admin'::text]))),
    CONSTRAINT tokens_secret_hash_check CHECK ((length(secret_hash) = 64)),
    CONSTRAINT tokens_user_id_check CHECK ((user_id <> ''::text))
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text NOT NULL COLLATE pg_catalog."C",
    first_name text NOT NULL,
    last_name text NOT NULL,
    CONSTRAINT users_id_check CHECK ((id <> ''::text))
);


--
-- Data for Name: feed_item; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001', 'The future is functional', 'Get after your goals in new Apex', 'new releases', 'functional-male', 1);
INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0002', 'Press reset', 'The newest collection is here', NULL, 'reset', 2);
INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0003', 'The future is functional', 'Get after your goals in new Apex', 'new releases', 'functional-female', 3);
INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0004', 'Raise the bar', 'Level up in Vital Rise', NULL, 'raise', 4);
INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0005', 'Must haves', 'Your key piece inspo', NULL, 'must-have', 5);
INSERT INTO public.feed_item VALUES ('2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0006', 'Take on the heat', 'In summer activewear', NULL, 'flex', 6);


--
-- Data for Name: idempotency_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: line_item; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.line_item VALUES ('8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001', 0, 'arrival-tshirt', 1);
INSERT INTO public.line_item VALUES ('8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001', 1, 'vital-top', 1);
INSERT INTO public.line_item VALUES ('8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001', 2, 'apex-hoodie', 1);
INSERT INTO public.line_item VALUES ('8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001', 3, 'arrival-shorts', 3);


--
-- Data for Name: orders; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.orders VALUES ('8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001', 'FUFILLED', 1625572800000, 'default');


--
-- Data for Name: product; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.product VALUES ('arrival-tshirt', 'Arrival T-Shirt', 'tshirt');
INSERT INTO public.product VALUES ('vital-top', 'Vital Top', 'top');
INSERT INTO public.product VALUES ('apex-hoodie', 'Apex Hoodie', 'hoodie');
INSERT INTO public.product VALUES ('arrival-shorts', 'Arrival Shorts', 'shorts');


--
-- Data for Name: stackfeed_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.stackfeed_migrations VALUES ('0001_header_profile', '917f3b134f83369484f03da1d42cdf2eeb98fff80a37328f7daf023e9dc0577d', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0002_feed_item_create', '3ef39abd5a50b76e1f3282723fc99f49af34036c0f9bf0a97489b4fa8afb120a', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0003_order_create', 'e6399e9cdc8cd7c3abb57788459aa6cf62145f4ecbb0255f1f9c027ebb4a0e56', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0004_account_users', '2401c3b2e35300c49528e1869d4a4e94cbfd9de317fa06d386353e270ed731ea', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0005_order_user', '5e04148d02418390f276afc2ed8c6c187fe8a668bd14a4a303cb02c3db95c8ec', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0006_account_tokens', '0e56f3f7f6239d396d7c10a885d8d5e350fae9c63360cf3102bc739a54a02b3f', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0007_account_idempotency', '5b9189ed4a0e2174c0860d7195d9c2d01619696300f576406b986b8b6cd464eb', '2026-12-06T02:21:04Z');
INSERT INTO public.stackfeed_migrations VALUES ('0008_header_users', '85f8f5ad7e6acea0216b722726c24dcaedf3b928fdd83398695712f600aaa273', '2026-12-06T02:21:04Z');


--
-- Data for Name: tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('default', 'Russell', 'Warwick');


--
-- Name: feed_item feed_item_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.feed_item
    ADD CONSTRAINT feed_item_pkey PRIMARY KEY (id);


--
-- Name: idempotency_keys idempotency_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);


--
-- Name: line_item line_item_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.line_item
    ADD CONSTRAINT line_item_pkey PRIMARY KEY (order_id, line);


--
-- Name: orders orders_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);


--
-- Name: product product_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.product
    ADD CONSTRAINT product_pkey PRIMARY KEY (id);


--
-- Name: stackfeed_migrations stackfeed_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stackfeed_migrations
    ADD CONSTRAINT stackfeed_migrations_pkey PRIMARY KEY (name);


--
-- Name: tokens tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (id);


--
-- Name: tokens tokens_secret_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_secret_hash_key UNIQUE (secret_hash);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: feed_item_position; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX feed_item_position ON public.feed_item USING btree ("position");


--
-- Name: idempotency_keys_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_keys_created ON public.idempotency_keys USING btree (created_at);


--
-- Name: line_item_product; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX line_item_product ON public.line_item USING btree (product_id);


--
-- Name: orders_user_latest; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX orders_user_latest ON public.orders USING btree (user_id, ordered_at, id);


--
-- Name: tokens_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tokens_user ON public.tokens USING btree (user_id);


--
-- Name: line_item line_item_order_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.line_item
    ADD CONSTRAINT line_item_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.orders(id) ON DELETE CASCADE;


--
-- Name: line_item line_item_product_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.line_item
    ADD CONSTRAINT line_item_product_id_fkey FOREIGN KEY (product_id) REFERENCES public.product(id);


--
-- PostgreSQL database dump complete
--


