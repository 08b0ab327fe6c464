# snmpsim variation module "octets64": a 64-bit counter carried in an 8-byte OCTET STRING, the way
# FCMGMT-MIB's connUnitPortStatTable carries its counters (big-endian, SIZE (8)). snmpsim's own
# "numeric" module only moves INTEGER-like types, so the FC byte counters need this one.
#
# Record syntax:  OID|4:octets64|initial=N,rate=R
#   value = initial + rate x (seconds since snmpsimd started), modulo 2^64, as 16 hex digits.
import time

tboot = time.time()


def init(**context):
    pass


def variate(oid, tag, value, **context):
    if not context['nextFlag'] and not context['exactMatch']:
        return context['origOid'], tag, context['errorStatus']
    if 'settings' not in recordContext:
        recordContext['settings'] = dict(x.split('=') for x in value.split(','))
    s = recordContext['settings']
    v = int(float(s.get('initial', '0')) + float(s.get('rate', '0')) * (time.time() - tboot)) % (1 << 64)
    return oid, '4x', '%016x' % v


def shutdown(**context):
    pass
