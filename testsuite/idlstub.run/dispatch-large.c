/* { dg-do run } */
/* { dg-prune-output "lto-wrapper: (warning: using serial compilation|note: see the)" } */
/* Area: run
   Purpose: a dispatcher of more than 256 operations, with numbers all
   over 1..65535: a switch on the number's high byte whose cases switch
   on the low byte (GCC lowers one switch of thousands of cases in time
   quadratic in them: dispatcher.cc, dispatch_switch).  Every operation
   is called through it, and numbers that are none, beside and between
   them, are rejected.  The numbers are 211 i mod 65535 + 1.  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (large, 0x1a7e, 1);

#define OPS(X) \
  X (212) \
  X (423) \
  X (634) \
  X (845) \
  X (1056) \
  X (1267) \
  X (1478) \
  X (1689) \
  X (1900) \
  X (2111) \
  X (2322) \
  X (2533) \
  X (2744) \
  X (2955) \
  X (3166) \
  X (3377) \
  X (3588) \
  X (3799) \
  X (4010) \
  X (4221) \
  X (4432) \
  X (4643) \
  X (4854) \
  X (5065) \
  X (5276) \
  X (5487) \
  X (5698) \
  X (5909) \
  X (6120) \
  X (6331) \
  X (6542) \
  X (6753) \
  X (6964) \
  X (7175) \
  X (7386) \
  X (7597) \
  X (7808) \
  X (8019) \
  X (8230) \
  X (8441) \
  X (8652) \
  X (8863) \
  X (9074) \
  X (9285) \
  X (9496) \
  X (9707) \
  X (9918) \
  X (10129) \
  X (10340) \
  X (10551) \
  X (10762) \
  X (10973) \
  X (11184) \
  X (11395) \
  X (11606) \
  X (11817) \
  X (12028) \
  X (12239) \
  X (12450) \
  X (12661) \
  X (12872) \
  X (13083) \
  X (13294) \
  X (13505) \
  X (13716) \
  X (13927) \
  X (14138) \
  X (14349) \
  X (14560) \
  X (14771) \
  X (14982) \
  X (15193) \
  X (15404) \
  X (15615) \
  X (15826) \
  X (16037) \
  X (16248) \
  X (16459) \
  X (16670) \
  X (16881) \
  X (17092) \
  X (17303) \
  X (17514) \
  X (17725) \
  X (17936) \
  X (18147) \
  X (18358) \
  X (18569) \
  X (18780) \
  X (18991) \
  X (19202) \
  X (19413) \
  X (19624) \
  X (19835) \
  X (20046) \
  X (20257) \
  X (20468) \
  X (20679) \
  X (20890) \
  X (21101) \
  X (21312) \
  X (21523) \
  X (21734) \
  X (21945) \
  X (22156) \
  X (22367) \
  X (22578) \
  X (22789) \
  X (23000) \
  X (23211) \
  X (23422) \
  X (23633) \
  X (23844) \
  X (24055) \
  X (24266) \
  X (24477) \
  X (24688) \
  X (24899) \
  X (25110) \
  X (25321) \
  X (25532) \
  X (25743) \
  X (25954) \
  X (26165) \
  X (26376) \
  X (26587) \
  X (26798) \
  X (27009) \
  X (27220) \
  X (27431) \
  X (27642) \
  X (27853) \
  X (28064) \
  X (28275) \
  X (28486) \
  X (28697) \
  X (28908) \
  X (29119) \
  X (29330) \
  X (29541) \
  X (29752) \
  X (29963) \
  X (30174) \
  X (30385) \
  X (30596) \
  X (30807) \
  X (31018) \
  X (31229) \
  X (31440) \
  X (31651) \
  X (31862) \
  X (32073) \
  X (32284) \
  X (32495) \
  X (32706) \
  X (32917) \
  X (33128) \
  X (33339) \
  X (33550) \
  X (33761) \
  X (33972) \
  X (34183) \
  X (34394) \
  X (34605) \
  X (34816) \
  X (35027) \
  X (35238) \
  X (35449) \
  X (35660) \
  X (35871) \
  X (36082) \
  X (36293) \
  X (36504) \
  X (36715) \
  X (36926) \
  X (37137) \
  X (37348) \
  X (37559) \
  X (37770) \
  X (37981) \
  X (38192) \
  X (38403) \
  X (38614) \
  X (38825) \
  X (39036) \
  X (39247) \
  X (39458) \
  X (39669) \
  X (39880) \
  X (40091) \
  X (40302) \
  X (40513) \
  X (40724) \
  X (40935) \
  X (41146) \
  X (41357) \
  X (41568) \
  X (41779) \
  X (41990) \
  X (42201) \
  X (42412) \
  X (42623) \
  X (42834) \
  X (43045) \
  X (43256) \
  X (43467) \
  X (43678) \
  X (43889) \
  X (44100) \
  X (44311) \
  X (44522) \
  X (44733) \
  X (44944) \
  X (45155) \
  X (45366) \
  X (45577) \
  X (45788) \
  X (45999) \
  X (46210) \
  X (46421) \
  X (46632) \
  X (46843) \
  X (47054) \
  X (47265) \
  X (47476) \
  X (47687) \
  X (47898) \
  X (48109) \
  X (48320) \
  X (48531) \
  X (48742) \
  X (48953) \
  X (49164) \
  X (49375) \
  X (49586) \
  X (49797) \
  X (50008) \
  X (50219) \
  X (50430) \
  X (50641) \
  X (50852) \
  X (51063) \
  X (51274) \
  X (51485) \
  X (51696) \
  X (51907) \
  X (52118) \
  X (52329) \
  X (52540) \
  X (52751) \
  X (52962) \
  X (53173) \
  X (53384) \
  X (53595) \
  X (53806) \
  X (54017) \
  X (54228) \
  X (54439) \
  X (54650) \
  X (54861) \
  X (55072) \
  X (55283) \
  X (55494) \
  X (55705) \
  X (55916) \
  X (56127) \
  X (56338) \
  X (56549) \
  X (56760) \
  X (56971) \
  X (57182) \
  X (57393) \
  X (57604) \
  X (57815) \
  X (58026) \
  X (58237) \
  X (58448) \
  X (58659) \
  X (58870) \
  X (59081) \
  X (59292) \
  X (59503) \
  X (59714) \
  X (59925) \
  X (60136) \
  X (60347) \
  X (60558) \
  X (60769) \
  X (60980) \
  X (61191) \
  X (61402) \
  X (61613) \
  X (61824) \
  X (62035) \
  X (62246) \
  X (62457) \
  X (62668) \
  X (62879) \
  X (63090) \
  X (63301) \

#define DECLARE(N) IDL_OP (large, N) long op##N (idl_binding_t *b, long x);
OPS (DECLARE)

IDL_SERVER (large);

#define IMPLEMENT(N) long op##N##_impl (idl_call_t *c, long x) { return x * 3 + N; }
OPS (IMPLEMENT)

/* Numbers that are no operation: 0 is reserved; the others share a
   high or a low byte with operations.  */
static const unsigned none[] = { 2, 213, 255, 256, 257, 0xff00, 0xffff,
				 0x1234, 0x8000, 0x80ff };

int
main (void)
{
  const char *name = idltest_name ("dispatch-large");
  pid_t srv = idltest_fork_server (name, &large, large_dispatch);
  idl_binding_t *b = idltest_connect (name, &large);

#define CALL(N) CHECK (op##N (b, 5) == 15 + N);
  OPS (CALL)
  CHECK (idl_error (b) == IDL_OK);
  for (unsigned i = 0; i < sizeof none / sizeof none[0]; i++)
    idltest_expect_badmsg (b, 0x1a7e, none[i], 1);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
