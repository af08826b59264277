/* { dg-do run } */
/* Area: runtime
   Purpose: bulk items (idlrt-abi.h, "Bulk items") across processes: in,
   out and inout items of sizes from 0 to 16 MiB reach the dispatcher
   and come back with every byte checked, beside a payload and
   descriptors; an item over its declared bound gets IDL_E_BADMSG, a
   call over the server's cap (idl_server_set_bulk_max) IDL_E_NOMEM,
   and the server goes on serving; a dispatcher that reports more than
   an out item's room is IDL_E_PROTO with nothing copied past the room;
   malformed items are IDL_E_INVAL before anything is sent; and 10,000
   calls leave the descriptor and mapping counts of both processes as
   they were.  */

#include "bulk-common.h"

#define CAP BK_CAP

static void
check_in (idl_binding_t *b, uint8_t *buf, size_t len, uint64_t seed)
{
  bk_expect_in (b, buf, len, seed);
  CHECK (idl_error (b) == IDL_OK);
}

/* bk_expect_out, and not a byte written past WANT: BUF has 16 bytes
   past ROOM to show one.  */
static void
check_out (idl_binding_t *b, uint8_t *buf, size_t room, size_t want,
	   uint64_t seed)
{
  memset (buf, 0xee, room + 16);
  bk_expect_out (b, buf, room, want, seed);
  for (size_t i = want; i < room + 16; i++)
    CHECK (buf[i] == 0xee);
}

/* RT_BULK_MIX: three items, a payload and a descriptor in one call.  */
static void
check_mix (idl_binding_t *b, size_t len, size_t plen)
{
  static uint8_t in[RT_BULK_SMALL], out[RT_BULK_SMALL], io[RT_BULK_SMALL];
  struct idl_bulk_item it[3] = {
    bk_item (in, len, len, IDL_BULK_IN),
    bk_item (out, 0, RT_BULK_SMALL, IDL_BULK_OUT),
    bk_item (io, len, RT_BULK_SMALL, IDL_BULK_INOUT)
  };
  bk_fill (in, len, len);
  bk_fill (io, len, len + 7);
  uint8_t *p = idl_request_payload (b);
  CHECK (p != NULL);
  memset (p, 1, plen);
  int fd = 0;
  idl_reply_t r = idl_callv_bulk (b, rt_tag (RT_BULK_MIX, 0), NULL, plen,
				  &fd, 1, it, 3);
  CHECK (r.tag == rt_tag (RT_BULK_MIX, 1));
  CHECK (rt_mr (r.view)[1] == plen);
  CHECK (it[0].len == len && it[1].len == len && it[2].len == len);
  for (size_t i = 0; i < len; i++)
    CHECK (out[i] == (in[i] ^ 0x5a));
  bk_fill (in, len, len + 7);
  for (size_t i = 0; i < len; i++)
    CHECK (io[i] == in[len - 1 - i]);
}

int
main (void)
{
  const char *name = idltest_name ("bulk");
  pid_t srv = rt_fork_server_setup (name, bk_dispatch,
				    (unsigned) RT_WORKERS, bk_set_cap, NULL);
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  static const size_t sizes[] = { 0, 1, 7, 63, 64, 65, 4095, 4096, 65536,
				  65537, 1000003, 3 << 20, 16 << 20, 5 };
  uint8_t *buf = malloc ((16 << 20) + 64);
  CHECK (buf != NULL);

  for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    {
      size_t n = sizes[i];
      check_in (b, buf, n, i);
      check_out (b, buf, n, n, i + 100);
      check_out (b, buf, n, n / 3, i + 200);
      bk_expect_inout (b, buf, n, n, i + 300, n);
      bk_expect_inout (b, buf, n / 2, n, i + 400, n);
      bk_expect_inout (b, buf, n, n, i + 500, n / 5);
      rt_expect_alive (b);
    }
  for (size_t len = 0; len <= RT_BULK_SMALL; len = len * 7 + 1)
    check_mix (b, len, len % (IDL_PAYLOAD_MAX + 1));
  check_mix (b, RT_BULK_SMALL, IDL_PAYLOAD_MAX);

  /* Over the declared bound: refused by the server, which goes on.  */
  uint8_t small[64];
  struct idl_bulk_item it[3] = {
    bk_item (buf, RT_BULK_SMALL + 1, RT_BULK_SMALL + 1, IDL_BULK_IN),
    bk_item (small, 0, sizeof small, IDL_BULK_OUT),
    bk_item (small, 0, sizeof small, IDL_BULK_INOUT)
  };
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_MIX, 0), NULL, 0, NULL, 0, it,
			 3).tag == bk_err (IDL_E_BADMSG));
  CHECK (idl_error (b) == IDL_E_BADMSG);
  rt_expect_alive (b);
  it[0].len = it[0].max = 8;
  it[1].max = RT_BULK_SMALL + 1;
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_MIX, 0), NULL, 0, NULL, 0, it,
			 3).tag == bk_err (IDL_E_BADMSG));
  /* The wrong count of items, a wrong direction, an operation without
     bulk items.  */
  it[1].max = 64;
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_MIX, 0), NULL, 0, NULL, 0, it,
			 2).tag == bk_err (IDL_E_BADMSG));
  it[1].dir = IDL_BULK_INOUT;
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_MIX, 0), NULL, 0, NULL, 0, it,
			 3).tag == bk_err (IDL_E_BADMSG));
  CHECK (idl_callv_bulk (b, rt_tag (RT_ADD, 0), NULL, 0, NULL, 0, it,
			 1).tag == bk_err (IDL_E_BADMSG));
  rt_expect_alive (b);

  /* Over the cap (CAP, 40 MiB; the bound is 256 MiB): IDL_E_NOMEM, and
     the connection, another one too, goes on.  */
  uint8_t *big = malloc (CAP + 4096);
  CHECK (big != NULL);
  uint64_t bad;
  CHECK (bk_call_in (b, big, CAP + 4096, 1, &bad) == bk_err (IDL_E_NOMEM));
  CHECK (idl_error (b) == IDL_E_NOMEM);
  rt_expect_alive (b);
  check_in (b, buf, 16 << 20, 77);
  idl_binding_t *b2 = idltest_connect (name, &rt_iface);
  /* B holds 16 MiB of the cap's 40: 30 more is over.  */
  CHECK (bk_call_in (b2, big, 30 << 20, 1, &bad) == bk_err (IDL_E_NOMEM));
  check_in (b2, big, 20 << 20, 78);
  idl_close (b2);
  free (big);

  /* A dispatcher that says it wrote more than the room: IDL_E_PROTO,
     and nothing past the room reached the caller.  */
  size_t got = 5;
  memset (buf, 0xee, 200);
  CHECK (bk_call_out (b, buf, 100, 101, 9, &got) == bk_err (IDL_E_PROTO));
  CHECK (idl_error (b) == IDL_E_PROTO);
  for (size_t i = 0; i < 200; i++)
    CHECK (buf[i] == 0xee);
  rt_expect_alive (b);

  /* Malformed items: refused before anything is sent.  */
  it[0] = bk_item (buf, 10, 5, IDL_BULK_INOUT);
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_INOUT, 0), NULL, 0, NULL, 0, it,
			 1).tag == bk_err (IDL_E_INVAL));
  it[0] = bk_item (buf, 10, 10, 7);
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_IN, 0), NULL, 0, NULL, 0, it,
			 1).tag == bk_err (IDL_E_INVAL));
  it[0] = bk_item (buf, IDL_BULK_MAX + 1, IDL_BULK_MAX + 1, IDL_BULK_IN);
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_IN, 0), NULL, 0, NULL, 0, it,
			 1).tag == bk_err (IDL_E_INVAL));
  CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_IN, 0), NULL, 0, NULL, 0, it,
			 IDL_BULK_ITEMS + 1).tag == bk_err (IDL_E_INVAL));
  rt_expect_alive (b);

  /* 10,000 calls, errors among them: no descriptor or mapping leaks,
     on either side.  */
  uint64_t w[2] = { 1, 2 };
  for (unsigned i = 0; i < 20; i++)
    check_in (b, buf, 4096, i);
  int fds0 = rt_fd_count (0), maps0 = bk_map_count (0);
  int sfds0 = rt_fd_count (srv), smaps0 = bk_map_count (srv);
  for (unsigned i = 0; i < 10000; i++)
    switch (i % 4)
      {
      case 0:
	check_in (b, buf, i % 5000, i);
	break;
      case 1:
	check_out (b, buf, 4096, i % 4097, i);
	break;
      case 2:
	bk_expect_inout (b, buf, i % 3000, 4000, i, i % 2000);
	break;
      default:
	it[0] = bk_item (buf, 0, RT_BULK_BIG + 1, IDL_BULK_OUT);
	CHECK (idl_callv_bulk (b, rt_tag (RT_BULK_OUT, 2), w, 0, NULL, 0,
			       it, 1).tag == bk_err (IDL_E_BADMSG));
      }
  CHECK (rt_fd_count (0) == fds0 && bk_map_count (0) == maps0);
  /* At most: the server's thread for B2 may have ended since.  */
  CHECK (rt_fd_count (srv) <= sfds0 && bk_map_count (srv) <= smaps0);

  idl_close (b);
  free (buf);
  rt_stop_server (srv);
  return 0;
}
