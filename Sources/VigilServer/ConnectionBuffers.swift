import HummingbirdCore
import Logging
// The allocator hooks of ByteBufferAllocator are SPI in NIO 2.
@_spi(CustomByteBufferAllocator) import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The byte-buffer allocator of every connection. Buffers of 16 KiB and more are pages mapped for
/// them alone, so the pages a buffer never writes are never resident and a freed buffer's pages go
/// back to the system at once; smaller ones come from malloc as usual.
///
/// Why: NIOSSL gives every TLS connection a 32 KiB read buffer and a 16 KiB write buffer and keeps
/// them as long as the connection. An idle WebSocket writes a few hundred bytes into each, so from
/// malloc's heap (where they reuse memory other connections' handshakes already touched) they cost
/// about 48 KiB of resident memory per connection; mapped, they cost the one page each that is used.
enum PageMappedBuffers {
    static let allocator = ByteBufferAllocator(
        allocate: { size in allocate(size) },
        reallocate: { pointer, oldSize, newSize in reallocate(pointer, oldSize: oldSize, newSize: newSize) },
        deallocate: { pointer in deallocate(pointer) },
        copy: { destination, source, count in destination.copyMemory(from: source, byteCount: count) })

    /// The size from which a buffer is mapped.
    static let mappedFrom = 16 * 1024
    /// In front of every buffer: how many bytes are mapped for it (0 when it came from malloc).
    /// 16 bytes keep the buffer as aligned as malloc's.
    private static let headerBytes = 16
    private static let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))

    private static func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let total = size + headerBytes
        let base: UnsafeMutableRawPointer
        var mapped = 0
        if size >= mappedFrom {
            mapped = (total + pageBytes - 1) / pageBytes * pageBytes
            guard let pages = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                pages != UnsafeMutableRawPointer(bitPattern: -1)
            else { return nil }
            base = pages
        } else {
            guard let memory = malloc(total) else { return nil }
            base = memory
        }
        base.storeBytes(of: mapped, as: Int.self)
        return base + headerBytes
    }

    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, oldSize: Int, newSize: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(newSize) }
        let base = pointer - headerBytes
        let mapped = base.load(as: Int.self)
        if mapped == 0, newSize < mappedFrom {
            guard let memory = realloc(base, newSize + headerBytes) else { return nil }
            return memory + headerBytes
        }
        if mapped > 0, newSize + headerBytes <= mapped { return pointer }
        guard let moved = allocate(newSize) else { return nil }
        moved.copyMemory(from: pointer, byteCount: min(oldSize, newSize))
        deallocate(pointer)
        return moved
    }

    private static func deallocate(_ pointer: UnsafeMutableRawPointer) {
        let base = pointer - headerBytes
        let mapped = base.load(as: Int.self)
        if mapped > 0 {
            munmap(base, mapped)
        } else {
            free(base)
        }
    }
}

/// Gives each connection its buffers before anything in its pipeline allocates (the TLS handler
/// takes its own as it is added): `PageMappedBuffers`, and a read buffer that starts small. NIO
/// keeps one read buffer per connection for as long as it lives, 2 KiB by default; an idle
/// WebSocket needs a few hundred bytes, and a busy one's grows as its reads fill it.
struct WithConnectionBuffers<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base

    static var readBuffers: AdaptiveRecvByteBufferAllocator {
        AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 64 * 1024)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.setOption(ChannelOptions.allocator, value: PageMappedBuffers.allocator).flatMap {
            channel.setOption(ChannelOptions.recvAllocator, value: Self.readBuffers)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
